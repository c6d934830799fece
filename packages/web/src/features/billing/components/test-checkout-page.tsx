import { priceLabel } from '@ipam/core/billing-prices';
import { messages } from '@ipam/core/messages';
import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '../../../components/ui/page-states.js';
import { paths, productName } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useCheckoutSession, useTestCheckoutOutcome } from '../api/checkout.js';

/**
 * /billing/test-checkout/:sessionId (BL-9): the built-in test provider's payment page, served by our
 * app and working offline. Pay completes the checkout through the webhook's own code; no money moves.
 */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const account = useCurrentAccount();
  const accountId = account?.id ?? '';
  const session = useCheckoutSession(accountId, sessionId);
  const outcome = useTestCheckoutOutcome(accountId, sessionId);
  useEffect(() => {
    document.title = `Test payment · ${productName}`;
  }, []);

  function go(kind: 'test-payment' | 'test-cancel') {
    outcome.mutate(kind, { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) });
  }

  const data = session.data;
  return (
    <Center mih="60vh">
      <Paper withBorder radius="md" p="xl" maw={560} w="100%">
        <Stack gap="md">
          <Alert color="orange" variant="filled" icon={<IconFlask size={20} />} role="note">
            <Text fw={700}>{messages.testPaymentBanner}</Text>
          </Alert>
          <Title order={2}>Checkout</Title>
          {session.isPending && <SectionLoader />}
          {session.isError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {errorMessage(session.error)}
            </Alert>
          )}
          {data && (
            <>
              <Stack gap={4} aria-label="Order">
                <Text>
                  Plan: <b>{data.productName}</b>
                </Text>
                <Text>
                  Billing: <b>{data.interval === 'year' ? 'Yearly' : 'Monthly'}</b>
                </Text>
                <Text>
                  Price:{' '}
                  <b>
                    {priceLabel({
                      id: data.id,
                      interval: data.interval,
                      unit_amount: data.unit_amount,
                      currency: data.currency,
                    })}
                  </b>{' '}
                  ({data.currency.toUpperCase()})
                </Text>
              </Stack>
              {data.status === 'open' ? (
                <Group>
                  <Button
                    color="green"
                    loading={outcome.isPending && outcome.variables === 'test-payment'}
                    disabled={outcome.isPending}
                    onClick={() => go('test-payment')}
                  >
                    {messages.payTest}
                  </Button>
                  <Button variant="default" disabled={outcome.isPending} onClick={() => go('test-cancel')}>
                    Cancel
                  </Button>
                </Group>
              ) : (
                <Alert color="gray" role="status">
                  {data.status === 'complete' ? 'This checkout has been paid.' : messages.checkoutNotOpen}{' '}
                  <Link to={data.status === 'complete' ? paths.dashboard : paths.upgrade}>
                    {data.status === 'complete' ? 'Go to Dashboard' : 'Back to the plans'}
                  </Link>
                </Alert>
              )}
              {outcome.isError && (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                  {errorMessage(outcome.error, messages.checkoutFailed)}
                </Alert>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
