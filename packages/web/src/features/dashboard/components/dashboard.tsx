import { accountLabel } from '@ipam/core/api/account';
import type { Dashboard as DashboardData } from '@ipam/core/api/dashboard';
import { Button, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.js';
import { SectionError } from '../../../components/ui/page-states.js';
import { ipViewPath } from '../../../config/ip-view-url.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useCan } from '../../../lib/use-can.js';
import { useDashboard } from '../api/get-dashboard.js';
import { AddressTotalsCard } from './address-totals-card.js';
import { FullestSubnetsCard } from './fullest-subnets-card.js';
import { LatestChangesCard } from './latest-changes-card.js';
import { PendingApprovalsCard } from './pending-approvals-card.js';
import { RecentAlertsCard } from './recent-alerts-card.js';
import { StaleAddressesCard } from './stale-addresses-card.js';
import { StatCards } from './stat-cards.js';

/**
 * What an empty account shows instead of empty figures: the first step, which opens the group form, for
 * those who may create groups; a sentence for a viewer or an editor limited to groups (docs/roles.md).
 */
function FirstGroupCallToAction() {
  const { canEditAll } = useCan();
  if (!canEditAll) {
    return (
      <Card withBorder radius="md" padding="xl" aria-label="Get started">
        <Title order={3} fz="h4">
          Nothing recorded yet
        </Title>
        <Text c="dimmed" size="sm" mt="xs">
          This account has no groups or subnets yet. Your role lets you read what others record here, not add
          to it.
        </Text>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="xl" aria-label="Get started">
      <Stack align="flex-start" gap="xs">
        <Title order={3} fz="h4">
          Start recording your network
        </Title>
        <Text c="dimmed" size="sm">
          Subnets live in groups (a site, a building, a customer). Create a group, then add its IPv4 and IPv6
          subnets.
        </Text>
        <Button
          component={Link}
          to={ipViewPath({ create: 'group' })}
          leftSection={<IconFolderPlus size={18} />}
        >
          Create your first group
        </Button>
      </Stack>
    </Card>
  );
}

function DashboardFigures({ data }: { data: DashboardData }) {
  if (data.totalGroups === 0 && data.totalSubnets === 0) return <FirstGroupCallToAction />;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <AddressTotalsCard totals={data.addressTotals} />
          <PendingApprovalsCard pending={data.pendingApprovals} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <FullestSubnetsCard subnets={data.fullestSubnets} />
          <StaleAddressesCard stale={data.staleAddresses} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={12}>
        <LatestChangesCard changes={data.latestChanges} />
      </Grid.Col>
    </Grid>
  );
}

function AccountDashboard({ accountId }: { accountId: string }) {
  const dashboard = useDashboard(accountId);
  if (dashboard.isError) {
    return <SectionError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  }
  const data = dashboard.data;
  return (
    <Stack gap="md">
      <StatCards
        totalSubnets={data?.totalSubnets}
        totalGroups={data?.totalGroups}
        maxNetworks={data?.maxNetworks}
      />
      <RecentAlertsCard accountId={accountId} />
      {data && <DashboardFigures data={data} />}
    </Stack>
  );
}

/**
 * The Dashboard (spec §2): Total Subnets, Total Groups, Max Networks, the recent discovery alerts,
 * then the address totals by status, the fullest subnets, pending approvals and the latest changes;
 * an empty account gets its first step instead.
 */
export function Dashboard() {
  const account = useCurrentAccount();
  return (
    <>
      <PageTitle text="Dashboard" />
      {account ? (
        <>
          <Text c="dimmed" mb="md">
            {accountLabel(account)} · {account.tierName}
          </Text>
          <AccountDashboard accountId={account.id} />
        </>
      ) : (
        <Text c="dimmed">You are not linked to any account.</Text>
      )}
    </>
  );
}
