import { IconCircleCheck, IconCreditCardOff } from '@tabler/icons-react';
import { paths } from '../../../config/paths.js';
import { ResultPage } from './result-page.js';

/** /checkout/success (tools spec §2). */
export function CheckoutSuccessPage() {
  return (
    <ResultPage
      icon={<IconCircleCheck size={36} />}
      color="green"
      title="Thank You!"
      message="Your payment was successful, and your account has been upgraded."
      action={{ label: 'Go to Dashboard', to: paths.dashboard }}
    />
  );
}

/** /checkout/cancel; "Try Again" leads to /upgrade (the spec's /upgrade-account is not a route). */
export function CheckoutCancelPage() {
  return (
    <ResultPage
      icon={<IconCreditCardOff size={36} />}
      color="orange"
      title="Payment Canceled"
      message="Your payment was canceled and you have not been charged. You can try again whenever you are ready."
      action={{ label: 'Try Again', to: paths.upgrade }}
    />
  );
}
