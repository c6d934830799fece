import { messages } from '@ipam/core/messages';
import { Button, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useSubscription, useOpenPortal } from '../api/subscription.js';

/** 'Manage subscription': the owner of an account Stripe knows opens Stripe's customer portal. */
export function ManageSubscriptionButton({ accountId }: { accountId: string }) {
  const subscription = useSubscription(accountId, true);
  const portal = useOpenPortal(accountId);
  if (!subscription.data?.canManage) return null;
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={<IconCreditCard size={18} />}
        loading={portal.isPending}
        onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        Manage subscription
      </Button>
      {portal.isError && (
        <Text size="xs" c="red" role="alert">
          {messages.checkoutFailed}
        </Text>
      )}
    </Stack>
  );
}
