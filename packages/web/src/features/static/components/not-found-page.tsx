import { IconMapQuestion } from '@tabler/icons-react';
import { paths } from '../../../config/paths.js';
import { ResultPage } from '../../../components/ui/result-page.js';

/** Any unknown path (tools spec §2). */
export function NotFoundPage() {
  return (
    <ResultPage
      icon={<IconMapQuestion size={36} />}
      color="blue"
      title="404 - Page Not Found"
      message="We checked every subnet, pinged every host and even asked the router. This page has no address."
      action={{ label: 'Take Me Home', to: paths.dashboard }}
    />
  );
}
