import { Button, Group as Row, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import type { Id } from '../../../lib/auth-types.js';
import { useScanNow } from '../api/save-subnet.js';

const SCAN_MESSAGE_MS = 3000;

/** Scan Now, then "Scan initiated!" for 3 seconds. */
export function ScanNowButton({ accountId, subnetId }: { accountId: Id; subnetId: string }) {
  const scan = useScanNow(accountId);
  const [isInitiated, setInitiated] = useState(false);
  useEffect(() => {
    if (!isInitiated) return;
    const timer = setTimeout(() => setInitiated(false), SCAN_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [isInitiated]);
  return (
    <Row gap={6}>
      <Button
        size="xs"
        loading={scan.isPending}
        onClick={() =>
          scan.mutate(subnetId, {
            onSuccess: () => setInitiated(true),
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
          })
        }
      >
        Scan Now
      </Button>
      {isInitiated && (
        <Text size="sm" c="green" role="status">
          Scan initiated!
        </Text>
      )}
    </Row>
  );
}
