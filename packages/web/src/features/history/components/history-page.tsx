import type { Account } from '@ipam/core/api/account';
import { subnetCidr } from '@ipam/core/api/ipam';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQueryStates } from 'nuqs';
import { useMemo } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { historyParams } from '../../../config/history-url.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useSubnets } from '../../../lib/subnets/get-subnets.js';
import { useHistory } from '../api/get-history.js';
import { usePeople } from '../api/get-people.js';
import { HistoryTable } from './history-table.js';

/** /history: the account's audit log, filtered by subnet and person through the URL, paged. */
export function HistoryPage() {
  const account = useCurrentAccount();
  if (!account) {
    return (
      <>
        <PageTitle text="History" />
        <Text c="dimmed">You are not linked to any account.</Text>
      </>
    );
  }
  return <HistoryScreen account={account} />;
}

/** Select options, with the URL's choice kept (as "removed") when it is no longer in the list. */
function optionsWith(options: { value: string; label: string }[], chosen: string, removedLabel: string) {
  if (!chosen || options.some((option) => option.value === chosen)) return options;
  return [{ value: chosen, label: removedLabel }, ...options];
}

function HistoryScreen({ account }: { account: Account }) {
  // Each filter change is a new history entry, so Back returns to the previous filter.
  const [filter, setFilter] = useQueryStates(historyParams, { history: 'push' });
  const subnets = useSubnets(account.id);
  const people = usePeople(account.id);
  const history = useHistory(account.id, filter);

  const subnetNames = useMemo(
    () => new Map((subnets.data ?? []).map((subnet) => [subnet.id, subnet.name])),
    [subnets.data],
  );
  const subnetOptions = optionsWith(
    (subnets.data ?? []).map((subnet) => ({
      value: subnet.id,
      label: `${subnet.name} (${subnetCidr(subnet)})`,
    })),
    filter.subnetId,
    'A removed subnet',
  );
  const personOptions = optionsWith(
    (people.data ?? []).map((person) => ({ value: person.id, label: person.email })),
    filter.userId,
    'A former member',
  );

  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const subnetName = filter.subnetId ? subnetNames.get(filter.subnetId) : undefined;

  return (
    <Stack gap="sm">
      <PageTitle text={subnetName ? `History of ${subnetName}` : 'History'} />
      <Text c="dimmed" size="sm" mt={-12}>
        Every change made in this account: who made it, when, and what changed.
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          label="Subnet"
          placeholder="All subnets"
          data={subnetOptions}
          value={filter.subnetId || null}
          onChange={(value) => void setFilter({ subnetId: value })}
          clearable
          searchable
          w={300}
        />
        <Select
          label="Person"
          placeholder="Everyone"
          data={personOptions}
          value={filter.userId || null}
          onChange={(value) => void setFilter({ userId: value })}
          clearable
          searchable
          w={260}
        />
      </Group>
      {history.isError && !history.data ? (
        <SectionError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <SectionLoader label="Loading history..." />
      ) : items.length === 0 ? (
        <Text c="dimmed" py="md">
          No changes found for this filter.
        </Text>
      ) : (
        <>
          <HistoryTable items={items} isOneSubnet={filter.subnetId !== ''} />
          <Group gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="history-count">
              {items.length === 1 ? '1 change' : `${items.length.toLocaleString()} changes`}
              {history.hasNextPage ? ' shown' : ''}
            </Text>
            {history.hasNextPage && (
              <Button
                size="xs"
                variant="default"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                Load more
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
