import { messages } from '@ipam/core/messages';
import { Alert, Button, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CopyField } from '../../../components/ui/copy-field.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useConfirmTwoFactor, useStartTwoFactorSetup } from '../api/two-factor.js';

interface TwoFactorSetupProps {
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Set-up: scan the QR code (or type the secret), then confirm with the code the app shows. */
export function TwoFactorSetup({ onConfirmed, onCancel }: TwoFactorSetupProps) {
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const { mutate: begin } = start;
  useEffect(() => begin(), [begin]);

  if (start.isPending || start.isIdle) return <Loader size="sm" aria-label="Making a secret..." />;
  if (start.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(start.error)}
      </Alert>
    );
  }
  const setup = start.data;
  return (
    <form
      aria-label="Set up two-factor sign-in"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ code }, { onSuccess: (result) => onConfirmed(result.recoveryCodes) });
      }}
    >
      <Stack maw={460}>
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password, FreeOTP, …).
        </Text>
        <Image src={setup.qrDataUrl} alt="QR code for your authenticator app" w={220} h={220} />
        <CopyField label="Or type this secret into the app" value={setup.secret} what="secret" />
        <Text size="sm">2. Enter the 6-digit code the app shows now.</Text>
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={confirm.isError ? errorMessage(confirm.error, messages.codeInvalid) : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 2 } }}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
