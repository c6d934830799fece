import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.js';
import { useDisableTwoFactor } from '../api/two-factor.js';
import { ProofFields, useProof } from './proof-fields.js';

/** Turning the second factor off: the password, or a current code, proves it is the user. */
export function TurnOffForm({ onCancel }: { onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const proof = useProof();
  return (
    <form
      aria-label="Turn off two-factor sign-in"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        disable.mutate(proof.proof(), { onSuccess: onCancel });
      }}
    >
      <Stack maw={420}>
        <Text size="sm">Enter your password, or a current code from your app.</Text>
        <ProofFields state={proof} hasCode />
        {disable.isError && (
          <Alert color="red" role="alert">
            {errorMessage(disable.error)}
          </Alert>
        )}
        <Group>
          <Button color="red" type="submit" loading={disable.isPending}>
            Turn off
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
