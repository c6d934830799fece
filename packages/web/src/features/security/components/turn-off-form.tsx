import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { useDisableTwoFactor } from '../api/two-factor.js';

/** Turning the second factor off: the password, or a current code, proves it is the user. */
export function TurnOffForm({ onCancel }: { onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <form
      aria-label="Turn off two-factor sign-in"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        disable.mutate(code.trim() ? { code } : { password }, { onSuccess: onCancel });
      }}
    >
      <Stack maw={420}>
        <Text size="sm">Enter your password, or a current code from your app.</Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <TextInput
          label="Or a code"
          autoComplete="one-time-code"
          maxLength={20}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
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
