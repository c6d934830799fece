import { MAX_PASSKEY_NAME_LENGTH } from '@ipam/core/schemas/passkey-schemas';
import { messages } from '@ipam/core/messages';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { passkeyErrorMessage } from '../../../lib/passkey-prompt.js';
import { useAddPasskey } from '../api/passkeys.js';

/** Naming a new passkey, then the browser's prompt (touch the key, the fingerprint, the device PIN). */
export function PasskeyAddForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  return (
    <form
      aria-label="Add a passkey"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') {
          setNameError(messages.passkeyNameRequired);
          return;
        }
        add.mutate(name.trim(), { onSuccess: onDone });
      }}
    >
      <Stack maw={420}>
        <TextInput
          label="Passkey name"
          description="So you can tell your passkeys apart, e.g. YubiKey or Work laptop."
          maxLength={MAX_PASSKEY_NAME_LENGTH}
          required
          data-autofocus
          autoFocus
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
        />
        <Text size="sm" c="dimmed">
          Your browser then asks you to touch your security key or confirm with this device.
        </Text>
        {add.isError && (
          <Alert color="red" role="alert">
            {passkeyErrorMessage(add.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={add.isPending}>
            Continue
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
