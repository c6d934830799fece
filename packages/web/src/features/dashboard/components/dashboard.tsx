import { accountLabel } from '@ipam/core/api/account';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconFolders, IconNetwork, IconGauge } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { PageTitle } from '../../../components/ui/page-title.js';
import { SectionError } from '../../../components/ui/page-states.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useStats } from '../api/get-stats.js';

interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: ComponentType<{ size?: number }>;
}

function StatCard({ label, value, icon: Icon }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label={label}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={36} w={60} mt={6} />
          ) : (
            <Text fz={36} fw={700} data-testid="stat-value">
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light">
          <Icon size={26} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

function StatCards({ accountId }: { accountId: string }) {
  const stats = useStats(accountId);
  if (stats.isError) return <SectionError error={stats.error} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <StatCard label="Total Subnets" value={data?.totalSubnets} icon={IconNetwork} />
      <StatCard label="Total Groups" value={data?.totalGroups} icon={IconFolders} />
      <StatCard label="Max Networks" value={data?.maxNetworks} icon={IconGauge} />
    </SimpleGrid>
  );
}

/** The Dashboard (spec §2): Total Subnets, Total Groups, Max Networks. */
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
          <StatCards accountId={account.id} />
        </>
      ) : (
        <Text c="dimmed">You are not linked to any account.</Text>
      )}
    </>
  );
}
