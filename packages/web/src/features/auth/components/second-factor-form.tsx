import { messages } from '@ipam/core/messages';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useSecondFactorLogin } from '../../../lib/auth.js';
import { forgetInviteToken } from '../../../lib/invite-token.js';

interface SecondFactorFormProps {
  pendingToken: string;
  inviteToken?: string | undefined;
  /** Back to e-mail and password (the pending sign-in expired, or the user wants to start over). */
  onRestart: () => void;
}

/** The code prompt after a right password: the 6-digit code of the app, or one recovery code. */
export function SecondFactorForm({ pendingToken, inviteToken, onRestart }: SecondFactorFormProps) {
  const login = useSecondFactorLogin();
  const [code, setCode] = useState('');
  const isExpired = login.error instanceof ApiError && login.error.code === 'login_expired';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim() === '') return;
        login.mutate({ pendingToken, code, inviteToken }, { onSuccess: forgetInviteToken });
      }}
      noValidate
      aria-label="Two-factor code"
    >
      <Stack>
        <Text size="sm">
          Enter the 6-digit code your authenticator app shows for IPAM. Lost your phone? Enter one of your
          recovery codes instead.
        </Text>
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={20}
          placeholder="123456"
          required
          data-autofocus
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 2 } }}
        />
        {login.isError && (
          <Alert color="red" role="alert">
            {errorMessage(login.error, messages.codeInvalid)}
          </Alert>
        )}
        <Button type="submit" loading={login.isPending} fullWidth disabled={isExpired}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Start over with e-mail and password
        </Anchor>
      </Stack>
    </form>
  );
}
