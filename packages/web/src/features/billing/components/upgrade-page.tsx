import type { BillingInterval } from '@ipam/core/api/billing';
import { messages } from '@ipam/core/messages';
import {
  Alert,
  Button,
  Group,
  LoadingOverlay,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SectionLoader } from '../../../components/ui/page-states.js';
import { productName } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAppConfig } from '../../../lib/app-config.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { isSessionEnded, useStartCheckout } from '../api/checkout.js';
import { useProducts } from '../api/products.js';
import { planCards, type PlanCard } from '../plan-cards.js';
import { ManageSubscriptionButton } from './manage-subscription-button.js';
import { PlanCardView } from './plan-card-view.js';

/** The message for a failed checkout: the server's for a refused request, else the spec's (BL-17). */
function checkoutError(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return messages.checkoutFailed;
}

/** /upgrade (BL-12..BL-21): the plans from the server, Monthly/Yearly, and a checkout per card. */
export function UpgradePage() {
  const account = useCurrentAccount();
  const config = useAppConfig();
  const products = useProducts();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const [error, setError] = useState<string | null>(null);
  const checkout = useStartCheckout(account?.id ?? '');
  const [isRedirecting, setRedirecting] = useState(false);
  useEffect(() => {
    document.title = `Upgrade Account · ${productName}`;
  }, []);

  if (!account) return <Text c="dimmed">You are not linked to any account.</Text>;
  const billing = config.data?.billing;
  const hasCheckout = billing !== undefined && billing !== 'off';
  const isBusy = checkout.isPending || isRedirecting;

  function upgrade(card: PlanCard) {
    setError(null);
    if (!card.price) {
      setError(messages.noPriceFound);
      return;
    }
    checkout.mutate(
      { priceId: card.price.id },
      {
        onSuccess: ({ url }) => {
          setRedirecting(true);
          window.location.assign(url);
        },
        // An ended session is told on the way to /login by the checkout hook (BL-18), not here.
        onError: (failure) => !isSessionEnded(failure) && setError(checkoutError(failure)),
      },
    );
  }

  const cards = products.data ? planCards(products.data, interval, account) : [];
  return (
    <Stack pos="relative" maw={1100}>
      <LoadingOverlay
        visible={isBusy}
        zIndex={300}
        overlayProps={{ blur: 1 }}
        loaderProps={{ 'aria-label': 'Starting checkout' }}
      />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{messages.upgradeHeadline}</Title>
          <Text c="dimmed">{messages.upgradeSubline(account.reference || account.id, account.tierName)}</Text>
        </Stack>
        {billing === 'stripe' && <ManageSubscriptionButton accountId={account.id} />}
      </Group>
      {billing === 'off' && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title="How to change your plan"
        >
          <Text size="sm">{messages.billingOff}</Text>
        </Alert>
      )}
      <SegmentedControl
        w="fit-content"
        aria-label="Billing frequency"
        value={interval}
        onChange={(value) => setBillingInterval(value === 'year' ? 'year' : 'month')}
        data={[
          { label: 'Monthly', value: 'month' },
          { label: 'Yearly', value: 'year' },
        ]}
      />
      {error && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          withCloseButton
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      {products.isPending && <SectionLoader label={messages.loadingPlans} />}
      {products.isError && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          title={messages.couldNotLoadPlans}
        >
          <Button size="xs" variant="light" color="red" onClick={() => void products.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {cards.map((card) => (
          <PlanCardView
            key={card.product.id}
            card={card}
            hasCheckout={hasCheckout}
            isBusy={isBusy}
            hasNoteLine={cards.some((other) => other.note !== null)}
            onUpgrade={upgrade}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
