import { Button, Group as Row, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { useScanNow } from '../api/save-subnet.js';

const SCAN_MESSAGE_MS = 3000;

/** Scan Now, then "Scan initiated!" for 3 seconds. */
export function ScanNowButton({ accountId, subnetId }: { accountId: string; subnetId: string }) {
  const scan = useScanNow(accountId);
  // Counts successful scans: each one starts the 3 seconds again (0: no message).
  const [initiated, setInitiated] = useState(0);
  useEffect(() => {
    if (initiated === 0) return;
    const timer = setTimeout(() => setInitiated(0), SCAN_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [initiated]);
  return (
    <Row gap={6}>
      <Button
        size="xs"
        loading={scan.isPending}
        onClick={() =>
          scan.mutate(subnetId, {
            onSuccess: () => setInitiated((count) => count + 1),
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
          })
        }
      >
        Scan Now
      </Button>
      {initiated > 0 && (
        <Text size="sm" c="green" role="status">
          Scan initiated!
        </Text>
      )}
    </Row>
  );
}
