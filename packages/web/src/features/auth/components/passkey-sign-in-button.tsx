import { Alert, Button, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { forgetInviteToken } from '../../../lib/invite-token.js';
import { passkeyErrorMessage } from '../../../lib/passkey-prompt.js';
import { usePasskeyLogin } from '../api/passkey-login.js';

interface PasskeySignInButtonProps {
  label: string;
  /** After the password: the pending sign-in the passkey finishes; absent: the passkey alone. */
  pendingToken?: string | undefined;
  inviteToken?: string | undefined;
  variant?: 'filled' | 'default';
}

/** A button that signs in with a passkey (the browser's prompt), and what went wrong if it did not. */
export function PasskeySignInButton({ label, pendingToken, inviteToken, variant }: PasskeySignInButtonProps) {
  const login = usePasskeyLogin();
  return (
    <Stack gap="xs">
      <Button
        fullWidth
        variant={variant ?? 'filled'}
        leftSection={<IconKey size={18} aria-hidden />}
        loading={login.isPending}
        onClick={() => login.mutate({ pendingToken, inviteToken }, { onSuccess: forgetInviteToken })}
      >
        {label}
      </Button>
      {login.isError && (
        <Alert color="red" role="alert">
          {passkeyErrorMessage(login.error)}
        </Alert>
      )}
    </Stack>
  );
}
