import type { Account } from '@ipam/core/api/account';
import type { ApiToken } from '@ipam/core/api/token';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRevokeToken, useTokens } from '../api/tokens.js';
import { CreateTokenModal } from './create-token-modal.js';

/** Settings ▸ API Tokens: tokens for scripts, scoped to this account; any member creates and revokes them. */
export function TokensPanel({ account }: { account: Account }) {
  const tokens = useTokens(account.id);
  const revoke = useRevokeToken(account.id);
  const [isCreating, setCreating] = useState(false);

  function confirmRevoke(token: ApiToken) {
    modals.openConfirmModal({
      title: 'Revoke Token',
      children: (
        <Text size="sm">
          Revoke the token <b>{token.name}</b> ({token.prefix}…)? Scripts using it stop working at once. This
          cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `Token ${token.name} revoked.` }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>API Tokens</Title>
        <Button onClick={() => setCreating(true)}>+ Token</Button>
      </Group>
      <Text size="sm" c="dimmed">
        A token lets a script call this account&apos;s API with{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. Read-only tokens can only read; no token can manage
        users, invites or tokens.
      </Text>
      {tokens.isPending && <SectionLoader label="Loading tokens..." />}
      {tokens.isError && <SectionError error={tokens.error} onRetry={() => void tokens.refetch()} />}
      {tokens.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          No API tokens.
        </Text>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="API Tokens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Prefix</Table.Th>
                <Table.Th>Scope</Table.Th>
                <Table.Th>Created by</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>
                    <code>{token.prefix}…</code>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={token.scope === 'write' ? 'orange' : 'blue'}>
                      {token.scope === 'write' ? 'Read-write' : 'Read-only'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{token.createdBy ?? ''}</Table.Td>
                  <Table.Td>{formatDateTime(token.lastUsedAt)}</Table.Td>
                  <Table.Td>
                    {token.expiresAt === null ? 'Never' : formatDateTime(token.expiresAt)}
                    {token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now() && (
                      <Badge ml="xs" size="sm" color="gray" variant="light">
                        Expired
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Revoke ${token.name}`}
                      loading={revoke.isPending && revoke.variables === token.id}
                      onClick={() => confirmRevoke(token)}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateTokenModal accountId={account.id} opened={isCreating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
