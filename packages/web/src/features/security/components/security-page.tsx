import { messages } from '@ipam/core/messages';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../../components/ui/page-title.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCurrentAccount, useSignedInUser } from '../../../lib/auth.js';
import { useSsoLinks } from '../api/sso-links.js';
import { useTwoFactorStatus } from '../api/two-factor.js';
import { AccountRequirement } from './account-requirement.js';
import { RecoveryCodesView } from './recovery-codes-view.js';
import { SsoLinks } from './sso-links.js';
import { TurnOffForm } from './turn-off-form.js';
import { TwoFactorSetup } from './two-factor-setup.js';

type Step =
  { kind: 'status' } | { kind: 'setup' } | { kind: 'codes'; codes: string[] } | { kind: 'turn-off' };

/** The links section in its frame, only when a provider serves the user. */
function SsoPanelFrame() {
  const links = useSsoLinks();
  if (!links.data || links.data.length === 0) return null;
  return (
    <Paper withBorder p="lg" radius="md">
      <SsoLinks />
    </Paper>
  );
}

/** /settings/security: the user's two-factor sign-in and single sign-on links, and the owner's rule. */
export function SecurityPage() {
  const me = useSignedInUser();
  const account = useCurrentAccount();
  const status = useTwoFactorStatus();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const isRequiredHere = Boolean(account?.requireSecondFactor) && !me.hasSecondFactor;

  return (
    <Stack gap="lg">
      <PageTitle text="Security" />
      {isRequiredHere && step.kind !== 'codes' && (
        <Alert color="orange" role="status" title="Two-factor sign-in required">
          {messages.secondFactorRequired}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Group>
            <Title order={3}>Two-factor sign-in</Title>
            {status.data && (
              <Badge color={status.data.isEnabled ? 'green' : 'gray'}>
                {status.data.isEnabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          {status.isPending && <Loader size="sm" />}
          {status.isError && <Alert color="red">{errorMessage(status.error)}</Alert>}
          {status.data && step.kind === 'status' && (
            <>
              <Text size="sm">
                {status.data.isEnabled
                  ? `After your password, sign-in asks for the code of your authenticator app. Recovery codes left: ${status.data.recoveryCodesLeft} of 10.`
                  : 'Protect your sign-in with a code from an authenticator app on your phone, asked after your password.'}
              </Text>
              <Group>
                {status.data.isEnabled ? (
                  <Button variant="default" color="red" onClick={() => setStep({ kind: 'turn-off' })}>
                    Turn off…
                  </Button>
                ) : (
                  <Button onClick={() => setStep({ kind: 'setup' })}>Set up two-factor sign-in</Button>
                )}
              </Group>
            </>
          )}
          {step.kind === 'setup' && (
            <TwoFactorSetup
              onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
              onCancel={() => setStep({ kind: 'status' })}
            />
          )}
          {step.kind === 'codes' && (
            <RecoveryCodesView codes={step.codes} onDone={() => setStep({ kind: 'status' })} />
          )}
          {step.kind === 'turn-off' && <TurnOffForm onCancel={() => setStep({ kind: 'status' })} />}
        </Stack>
      </Paper>
      <SsoPanelFrame />
      {account?.isOwner && (
        <Paper withBorder p="lg" radius="md">
          <AccountRequirement account={account} hasSecondFactor={me.hasSecondFactor} />
        </Paper>
      )}
    </Stack>
  );
}
