import { Button, Group as Row, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { useScanNow } from '../api/save-subnet.js';

const SCAN_MESSAGE_MS = 3000;

/**
 * Scan Now, then "Scan initiated!" for 3 seconds; a refusal (a tier without scanners, a subnet no
 * active scanner covers) shows the server's reason beside the button instead, until the next try.
 */
export function ScanNowButton({ accountId, subnetId }: { accountId: string; subnetId: string }) {
  const scan = useScanNow(accountId);
  // Counts successful scans: each one starts the 3 seconds again (0: no message).
  const [initiated, setInitiated] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (initiated === 0) return;
    const timer = setTimeout(() => setInitiated(0), SCAN_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [initiated]);
  useEffect(() => setRefusal(null), [subnetId]);
  return (
    <Row gap={6} wrap="nowrap">
      <Button
        size="xs"
        loading={scan.isPending}
        onClick={() => {
          setRefusal(null);
          scan.mutate(subnetId, {
            onSuccess: () => setInitiated((count) => count + 1),
            onError: (error) => setRefusal(errorMessage(error)),
          });
        }}
      >
        Scan Now
      </Button>
      {initiated > 0 && refusal === null && (
        <Text size="sm" c="green" role="status">
          Scan initiated!
        </Text>
      )}
      {refusal !== null && (
        <Text size="sm" c="red" role="alert">
          {refusal}
        </Text>
      )}
    </Row>
  );
}
