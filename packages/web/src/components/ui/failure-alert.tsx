import { Alert, Text } from '@mantine/core';
import { errorMessage } from '../../lib/api-client.js';

/**
 * A failed request as the spec words it (§8: "An error occurred while saving the subnet."), with the
 * server's reason beneath when it gave one, so the person learns what to change.
 */
export function FailureAlert({ situation, error }: { situation: string; error: unknown }) {
  const reason = errorMessage(error, '');
  return (
    <Alert color="red" role="alert" title={situation}>
      {reason !== '' && reason !== situation && <Text size="sm">{reason}</Text>}
    </Alert>
  );
}
