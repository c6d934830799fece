import type { Account } from '@ipam/core/api/account';
import { Alert, Stack, Switch, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.js';
import { useSetAccountSecurity } from '../api/two-factor.js';

/** The owner's rule for the current account: every member needs a second factor. */
export function AccountRequirement({
  account,
  hasSecondFactor,
}: {
  account: Account;
  hasSecondFactor: boolean;
}) {
  const update = useSetAccountSecurity(account.id);
  return (
    <Stack gap="xs">
      <Title order={3}>Members of {account.reference}</Title>
      <Switch
        label="Require two-factor sign-in for every member"
        description="Members without it are asked to set it up at their next sign-in before they see this account."
        checked={account.requireSecondFactor}
        disabled={update.isPending || (!hasSecondFactor && !account.requireSecondFactor)}
        onChange={(event) => update.mutate({ requireSecondFactor: event.currentTarget.checked })}
      />
      {!hasSecondFactor && !account.requireSecondFactor && (
        <Text size="sm" c="dimmed">
          Turn on two-factor sign-in for yourself first.
        </Text>
      )}
      {update.isError && (
        <Alert color="red" role="alert">
          {errorMessage(update.error)}
        </Alert>
      )}
    </Stack>
  );
}
