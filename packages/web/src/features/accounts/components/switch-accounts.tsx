import { type Account, accountLabel } from '@ipam/core/api/account';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { PageTitle } from '../../../components/ui/page-title.js';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCurrentAccount, useSwitchAccount } from '../../../lib/auth.js';
import { useAccounts } from '../api/get-accounts.js';

/** /accounts (spec §2): each account with its tier and user limit; the current one is marked. */
export function SwitchAccounts() {
  const accounts = useAccounts();
  const current = useCurrentAccount();
  const switchAccount = useSwitchAccount();

  function choose(account: Account) {
    if (account.id === current?.id) return; // the spec: Switch on the current account does nothing
    switchAccount.mutate(account.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: `Switched to ${accountLabel(account)}.` }),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  }

  return (
    <>
      <PageTitle text="Switch Accounts" />
      {accounts.isPending && <SectionLoader label="Loading accounts..." />}
      {accounts.isError && <SectionError error={accounts.error} onRetry={() => void accounts.refetch()} />}
      {accounts.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {accounts.data.map((account) => {
            const isCurrent = account.id === current?.id;
            return (
              <Card key={account.id} withBorder radius="md" padding="lg" aria-label={accountLabel(account)}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    {/* Long references (an e-mail address) wrap rather than hide their end. */}
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {accountLabel(account)}
                    </Text>
                    {isCurrent && (
                      <Badge
                        color="green"
                        tt="none"
                        leftSection={<IconCheck size={12} />}
                        style={{ flexShrink: 0 }}
                      >
                        Current
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">
                    <Text span c="dimmed">
                      Tier:{' '}
                    </Text>
                    {account.tierName}
                  </Text>
                  <Text size="sm">
                    <Text span c="dimmed">
                      Max Users:{' '}
                    </Text>
                    {account.maxusers}
                  </Text>
                  {!isCurrent && (
                    <Button
                      variant="light"
                      onClick={() => choose(account)}
                      loading={switchAccount.isPending && switchAccount.variables === account.id}
                      disabled={switchAccount.isPending}
                      aria-label={`Switch to ${accountLabel(account)}`}
                    >
                      Switch
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </>
  );
}
