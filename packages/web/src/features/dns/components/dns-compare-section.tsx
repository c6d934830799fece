import type { DnsDifference } from '@ipam/core/api/dns';
import { Alert, Badge, Button, Group as Row, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useDnsCompare, useDnsFix } from '../api/dns-api.js';

const KIND_LABEL: Record<DnsDifference['kind'], { text: string; color: string }> = {
  missing: { text: 'Missing in DNS', color: 'orange' },
  extra: { text: 'Only in DNS', color: 'grape' },
  different: { text: 'Points elsewhere', color: 'red' },
};

/** Compare with DNS: the subnet's differing records, each fixable either way, or all at once. */
export function DnsCompareSection({ accountId, subnetId }: { accountId: string; subnetId: string }) {
  const [isAsked, setAsked] = useState(false);
  const compare = useDnsCompare(accountId, subnetId, isAsked);
  const fix = useDnsFix(accountId, subnetId);
  const items = compare.data?.items ?? [];
  return (
    <>
      <Row mb="sm">
        <Button
          variant="light"
          onClick={() => (isAsked ? void compare.refetch() : setAsked(true))}
          loading={compare.isFetching}
        >
          Compare with DNS
        </Button>
        {items.length > 0 && (
          <>
            <Button onClick={() => fix.mutate({ direction: 'to-dns', keys: null })} loading={fix.isPending}>
              Make DNS match the IPAM (all)
            </Button>
            <Button
              variant="default"
              onClick={() => fix.mutate({ direction: 'to-ipam', keys: null })}
              loading={fix.isPending}
            >
              Take all into the IPAM
            </Button>
          </>
        )}
      </Row>
      {(compare.isError || fix.isError) && (
        <Alert color="red" role="alert" mb="sm">
          {errorMessage(compare.error ?? fix.error)}
        </Alert>
      )}
      {isAsked && compare.isPending && <SectionLoader label="Reading the zones..." />}
      {compare.data && (
        <Text size="sm" c="dimmed" mb="xs">
          Zones {compare.data.forwardZone} and {compare.data.reverseZone}:{' '}
          {items.length === 0 ? 'DNS matches the IPAM.' : `${items.length} difference(s).`}
        </Text>
      )}
      {items.length > 0 && (
        <Table striped aria-label="DNS differences">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Difference</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>IPAM</Table.Th>
              <Table.Th>DNS</Table.Th>
              <Table.Th>Fix</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.key}>
                <Table.Td>
                  <Badge color={KIND_LABEL[item.kind].color} variant="light">
                    {KIND_LABEL[item.kind].text}
                  </Badge>
                </Table.Td>
                <Table.Td>{item.type}</Table.Td>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>{item.ipamValue ?? '—'}</Table.Td>
                <Table.Td>{item.dnsValue ?? '—'}</Table.Td>
                <Table.Td>
                  <Row gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => fix.mutate({ direction: 'to-dns', keys: [item.key] })}
                    >
                      Fix DNS
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => fix.mutate({ direction: 'to-ipam', keys: [item.key] })}
                    >
                      Take into IPAM
                    </Button>
                  </Row>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
