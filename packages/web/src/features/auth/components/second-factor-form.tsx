import type { SecondFactorChallenge } from '@ipam/core/api/two-factor';
import { messages } from '@ipam/core/messages';
import { Alert, Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useSecondFactorLogin } from '../../../lib/auth.js';
import { forgetInviteToken } from '../../../lib/invite-token.js';
import { canUsePasskeys } from '../../../lib/passkey-prompt.js';
import { PasskeySignInButton } from './passkey-sign-in-button.js';

interface SecondFactorFormProps {
  pendingToken: string;
  /** The factors the user has: the passkey is offered first, the app's code below it. */
  methods: SecondFactorChallenge['methods'];
  inviteToken?: string | undefined;
  /** Back to e-mail and password (the pending sign-in expired, or the user wants to start over). */
  onRestart: () => void;
}

/** The code prompt: the 6-digit code of the app, or one recovery code. */
function CodeForm({ pendingToken, inviteToken }: { pendingToken: string; inviteToken?: string | undefined }) {
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
      </Stack>
    </form>
  );
}

/** The second step after a right password: the user's passkey, or the code of their app (or a recovery code). */
export function SecondFactorForm({ pendingToken, methods, inviteToken, onRestart }: SecondFactorFormProps) {
  const hasPasskey = methods.includes('passkey');
  const hasTotp = methods.includes('totp');
  const canPasskey = hasPasskey && canUsePasskeys();
  return (
    <Stack>
      {hasPasskey && (
        <section aria-label="Confirm with a passkey">
          <Stack gap="sm">
            <Text size="sm">
              Confirm it is you with your passkey: touch your security key, or use this device's fingerprint,
              face or PIN.
            </Text>
            {canPasskey ? (
              <PasskeySignInButton
                label="Use a passkey"
                pendingToken={pendingToken}
                inviteToken={inviteToken}
              />
            ) : (
              <Alert color="orange" role="status">
                This browser cannot use passkeys on this page (they need HTTPS or localhost).
                {hasTotp ? ' Enter the code of your app instead.' : ''}
              </Alert>
            )}
          </Stack>
        </section>
      )}
      {hasPasskey && hasTotp && <Divider label="or" labelPosition="center" />}
      {hasTotp && <CodeForm pendingToken={pendingToken} inviteToken={inviteToken} />}
      <Anchor component="button" type="button" size="sm" onClick={onRestart}>
        Start over with e-mail and password
      </Anchor>
    </Stack>
  );
}
