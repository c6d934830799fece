import type { Address } from '@ipam/core/api/ipam';
import { messages } from '@ipam/core/messages';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { fetchAddressPage } from '../api/addresses.js';

interface NextFreeButtonProps {
  accountId: string;
  subnetId: string;
  /** Opens Edit IP Address on the subnet's first free address. */
  onFound: (address: Address) => void;
}

/**
 * "Next free": reads the subnet's lowest Available address (the list's available filter, one row) and
 * opens it for editing; nothing is written until the dialog is saved.
 */
export function NextFreeButton({ accountId, subnetId, onFound }: NextFreeButtonProps) {
  const [isLooking, setLooking] = useState(false);
  async function findFirstFree() {
    setLooking(true);
    try {
      const page = await fetchAddressPage(accountId, subnetId, { filter: 'available', q: '' }, null, 1);
      const [first] = page.items;
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
