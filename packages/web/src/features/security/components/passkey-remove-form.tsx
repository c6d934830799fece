import type { Passkey } from '@ipam/core/api/passkey';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.js';
import { useRemovePasskey } from '../api/passkeys.js';
import { ProofFields, useProof } from './proof-fields.js';

interface PasskeyRemoveFormProps {
  passkey: Passkey;
  /** Whether the user also has an authenticator app, whose code may prove it is them. */
  hasTotp: boolean;
  onDone: () => void;
}

/** Removing a passkey: the password (or a current code of the app) proves it is the user. */
export function PasskeyRemoveForm({ passkey, hasTotp, onDone }: PasskeyRemoveFormProps) {
  const remove = useRemovePasskey();
  const proof = useProof();
  return (
    <form
      aria-label={`Remove passkey ${passkey.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        remove.mutate({ passkeyId: passkey.id, proof: proof.proof() }, { onSuccess: onDone });
      }}
    >
      <Stack maw={420}>
        <Text size="sm">
          Remove “{passkey.name}”? Enter your password{hasTotp ? ', or a current code from your app' : ''}.
          Your other sessions are signed out.
        </Text>
        <ProofFields state={proof} hasCode={hasTotp} />
        {remove.isError && (
          <Alert color="red" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        )}
        <Group>
          <Button color="red" type="submit" loading={remove.isPending}>
            Remove passkey
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
