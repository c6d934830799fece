import { IconRocket } from '@tabler/icons-react';
import { paths } from '../../../config/paths.js';
import { ResultPage } from './result-page.js';

/** /upgrade until the billing screens arrive. */
export function UpgradeComingSoon() {
  return (
    <ResultPage
      icon={<IconRocket size={36} />}
      color="blue"
      title="Upgrade Account"
      message="Paid plans with more subnets, users and scanners are coming soon. Your account keeps working as it is in the meantime."
      action={{ label: 'Back to Settings', to: paths.settings }}
    />
  );
}
