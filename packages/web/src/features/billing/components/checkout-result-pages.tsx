import { messages } from '@ipam/core/messages';
import { Loader } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCreditCardOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResultPage } from '../../../components/ui/result-page.js';
import { paths } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { useCheckoutSession } from '../api/checkout.js';

/** How long the success page waits for the payment provider's confirmation (BL-22). */
const confirmationWaitMs = 30_000;

const toDashboard = { label: 'Go to Dashboard', to: paths.dashboard };
const toPlans = { label: 'Back to the plans', to: paths.upgrade };

/** 'Thank You!' with the spec's texts. */
function Thanks() {
  return (
    <ResultPage
      icon={<IconCircleCheck size={36} />}
      color="green"
      title={messages.checkoutThankYou}
      message={messages.checkoutSucceeded}
      action={toDashboard}
    />
  );
}

/** Confirms the named session: polls for up to 30 s while the webhook is on its way (BL-22, S23). */
function ConfirmSession({ accountId, sessionId }: { accountId: string; sessionId: string }) {
  const queryClient = useQueryClient();
  const [hasTimedOut, setTimedOut] = useState(false);
  const session = useCheckoutSession(accountId, sessionId, !hasTimedOut);
  const status = session.data?.status;
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), confirmationWaitMs);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    // The account's new tier and limits: refetch /api/auth/me once the session is complete.
    if (status === 'complete') void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [status, queryClient]);

  if (status === 'complete') return <Thanks />;
  if (session.isError || status === 'canceled' || status === 'expired') {
    const message = session.isError ? errorMessage(session.error) : messages.checkoutNotOpen;
    return (
      <ResultPage
        icon={<IconAlertTriangle size={36} />}
        color="orange"
        title="Checkout"
        message={message}
        action={toPlans}
      />
    );
  }
  if (hasTimedOut) {
    return (
      <ResultPage
        icon={<IconAlertTriangle size={36} />}
        color="blue"
        title="Checkout"
        message={messages.upgradeNotConfirmedYet}
        action={toDashboard}
      />
    );
  }
  return (
    <ResultPage
      icon={<Loader size={32} />}
      color="blue"
      title={messages.finishingUpgrade}
      message="This takes a few seconds."
    />
  );
}

/** /checkout/success: confirms `?session_id=` instead of claiming an upgrade to anyone (BL-22, S23). */
export function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const account = useCurrentAccount();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [queryClient]);
  if (account && sessionId) return <ConfirmSession accountId={account.id} sessionId={sessionId} />;
  if (account && account.tier > 0) return <Thanks />;
  return (
    <ResultPage
      icon={<IconAlertTriangle size={36} />}
      color="blue"
      title="Checkout"
      message="There is no payment to confirm."
      action={toPlans}
    />
  );
}

/** /checkout/cancel (BL-23): 'Try Again' leads to /upgrade (S1: the spec's /upgrade-account is no route). */
export function CheckoutCancelPage() {
  return (
    <ResultPage
      icon={<IconCreditCardOff size={36} />}
      color="orange"
      title={messages.checkoutCanceledTitle}
      message={messages.checkoutCanceled}
      action={{ label: 'Try Again', to: paths.upgrade }}
    />
  );
}
