import type { DnsProviderView } from '@ipam/core/api/dns';
import { Alert, Button, Group as Row, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useDeleteDnsProvider, useDnsProviders } from '../api/dns-api.js';
import { ProviderFormModal } from './provider-form-modal.js';

/** The account's DNS providers: name, type, server, key name; Edit and Remove; "+ Add provider". */
export function DnsProvidersSection({ accountId }: { accountId: string }) {
  const providers = useDnsProviders(accountId);
  const remove = useDeleteDnsProvider(accountId);
  const [editing, setEditing] = useState<DnsProviderView | null>(null);
  const [isOpen, setOpen] = useState(false);
  const open = (provider: DnsProviderView | null) => {
    setEditing(provider);
    setOpen(true);
  };
  return (
    <>
      <Row justify="space-between" mb="sm">
        <Title order={3}>Providers</Title>
        <Button onClick={() => open(null)}>+ Add provider</Button>
      </Row>
      {remove.isError && (
        <Alert color="red" role="alert" mb="sm">
          {errorMessage(remove.error)}
        </Alert>
      )}
      {providers.isPending ? (
        <SectionLoader label="Loading DNS providers..." />
      ) : providers.isError ? (
        <SectionError error={providers.error} onRetry={() => void providers.refetch()} />
      ) : providers.data.length === 0 ? (
        <Text c="dimmed">
          No DNS providers yet. Add PowerDNS or an RFC 2136 server (BIND, Knot, Windows DNS).
        </Text>
      ) : (
        <Table striped aria-label="DNS providers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Server</Table.Th>
              <Table.Th>TSIG key</Table.Th>
              <Table.Th>Secret</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {providers.data.map((provider) => (
              <Table.Tr key={provider.id}>
                <Table.Td>{provider.name}</Table.Td>
                <Table.Td>{provider.kind === 'powerdns' ? 'PowerDNS API' : 'RFC 2136 + TSIG'}</Table.Td>
                <Table.Td>{provider.endpoint}</Table.Td>
                <Table.Td>
                  {provider.tsigKeyName ? `${provider.tsigKeyName} (${provider.tsigAlgorithm ?? ''})` : '—'}
                </Table.Td>
                <Table.Td>{provider.hasSecret ? 'stored' : 'none'}</Table.Td>
                <Table.Td>
                  <Row gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit ${provider.name}`}
                      onClick={() => open(provider)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${provider.name}`}
                      loading={remove.isPending && remove.variables === provider.id}
                      onClick={() => remove.mutate(provider.id)}
                    >
                      Remove
                    </Button>
                  </Row>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ProviderFormModal
        accountId={accountId}
        opened={isOpen}
        provider={editing}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
