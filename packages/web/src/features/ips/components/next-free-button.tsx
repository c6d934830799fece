import type { Address } from '@ipam/core/api/ipam';
import { messages } from '@ipam/core/messages';
import type { Prefix } from '@ipam/core/prefix';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { fetchListPage } from '../api/addresses.js';
import { firstFreeOf } from '../address-ranges.js';

interface NextFreeButtonProps {
  accountId: string;
  subnetId: string;
  /** The subnet's prefix: IPv6's subnet-router anycast address (its network address) is never offered. */
  prefix: Prefix | null;
  /** Opens Edit IP Address on the subnet's first free address. */
  onFound: (address: Address) => void;
}

/**
 * "Next free": reads the subnet's lowest Available addresses (the list's available filter, two rows:
 * the first may be the anycast address) and opens the first one for editing; nothing is written until
 * the dialog is saved.
 */
export function NextFreeButton({ accountId, subnetId, prefix, onFound }: NextFreeButtonProps) {
  const [isLooking, setLooking] = useState(false);
  async function findFirstFree() {
    setLooking(true);
    try {
      const page = await fetchListPage(accountId, subnetId, { filter: 'available', q: '' }, null, 2);
      const first = firstFreeOf(prefix, page.items);
      if (first) onFound(first);
      else notifications.show({ color: 'orange', message: messages.subnetFull });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setLooking(false);
    }
  }
  return (
    <Button size="xs" variant="light" loading={isLooking} onClick={() => void findFirstFree()}>
      Next free
    </Button>
  );
}
