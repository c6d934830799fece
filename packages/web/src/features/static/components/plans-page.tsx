import { hasIPv6, hasScanners, hasSupportTickets, TIERS } from '@ipam/core/tiers';
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.js';
import { paths } from '../../../config/paths.js';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * /upgrade: the plans and what each allows (core's tier table). There is no online payment in this
 * server yet, so the page says who changes a plan instead of offering a checkout.
 */
export function PlansPage() {
  return (
    <Stack maw={820}>
      <PageTitle text="Upgrade Account" />
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="How to change your plan">
        <Text size="sm">
          Plans on this server are set by its administrator. Ask them to move your account to another plan,
          giving the Account ID shown in Settings › Account Info; the new limits apply at once.
        </Text>
      </Alert>
      <Table striped withTableBorder aria-label="Plans">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Subnets</Table.Th>
            <Table.Th>Users</Table.Th>
            <Table.Th>IPv6 subnets</Table.Th>
            <Table.Th>Scanners</Table.Th>
            <Table.Th>Support tickets</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {TIERS.map((tier) => (
            <Table.Tr key={tier.tier}>
              <Table.Td fw={600}>{tier.name}</Table.Td>
              <Table.Td>{tier.maxnetworks ?? 'As agreed'}</Table.Td>
              <Table.Td>{tier.maxusers ?? 'As agreed'}</Table.Td>
              <Table.Td>{yesNo(hasIPv6(tier.tier))}</Table.Td>
              <Table.Td>{yesNo(hasScanners(tier.tier))}</Table.Td>
              <Table.Td>{yesNo(hasSupportTickets(tier.tier))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button component={Link} to={paths.settings} variant="light" w="fit-content">
        Back to Settings
      </Button>
    </Stack>
  );
}
