import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { canUsePasskeys } from '../../../lib/passkey-prompt.js';
import { usePasskeys } from '../api/passkeys.js';
import { PasskeyAddForm } from './passkey-add-form.js';
import { PasskeyRemoveForm } from './passkey-remove-form.js';
import { PasskeyRow } from './passkey-row.js';

type Step = { kind: 'list' } | { kind: 'add' } | { kind: 'remove'; passkeyId: string };

/** Settings ▸ Security ▸ Passkeys: the user's passkeys, adding, renaming and removing one. */
export function PasskeysPanel({ hasTotp }: { hasTotp: boolean }) {
  const passkeys = usePasskeys();
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const items = passkeys.data?.items ?? [];
  const removing = step.kind === 'remove' ? items.find((p) => p.id === step.passkeyId) : undefined;
  const isSupported = canUsePasskeys();

  return (
    <Stack>
      <Group>
        <Title order={3}>Passkeys</Title>
        {passkeys.data && <Badge color={items.length > 0 ? 'green' : 'gray'}>{items.length}</Badge>}
      </Group>
      <Text size="sm">
        A passkey is a security key, or this device's fingerprint, face or PIN. It confirms your sign-in after
        your password, or signs you in alone with “Sign in with a passkey” — no e-mail or password typed.
      </Text>
      {passkeys.isPending && <Loader size="sm" />}
      {passkeys.isError && (
        <Alert color="red" role="alert">
          {errorMessage(passkeys.error)}
        </Alert>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Passkeys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  onRemove={() => setStep({ kind: 'remove', passkeyId: passkey.id })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {passkeys.data && items.length === 0 && <Text c="dimmed">No passkeys yet.</Text>}
      {removing && (
        <PasskeyRemoveForm passkey={removing} hasTotp={hasTotp} onDone={() => setStep({ kind: 'list' })} />
      )}
      {step.kind === 'add' && <PasskeyAddForm onDone={() => setStep({ kind: 'list' })} />}
      {step.kind === 'list' &&
        (isSupported ? (
          <Group>
            <Button
              variant={items.length > 0 ? 'default' : 'filled'}
              onClick={() => setStep({ kind: 'add' })}
            >
              Add a passkey
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            This browser cannot use passkeys on this page: they need the site opened over HTTPS (or on
            localhost).
          </Text>
        ))}
    </Stack>
  );
}
