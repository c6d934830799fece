import type { SupportMessageInput } from '@ipam/core/schemas/auth-schemas';
import { useAppConfig } from '../../lib/app-config.js';
import { SectionError, SectionLoader } from '../ui/page-states.js';
import { BuiltInMessageForm } from './built-in-message-form.js';

interface MessageFormProps {
  kind: SupportMessageInput['kind'];
}

function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

const frameTitle = { support: 'Support ticket form', feedback: 'Feedback form' };

/**
 * The support or feedback form: the operator's embedded external form when configured
 * (SUPPORT_FORM_URL / FEEDBACK_FORM_URL, frame height 800px), else the built-in form.
 */
export function MessageForm({ kind }: MessageFormProps) {
  const config = useAppConfig();
  if (config.isPending) return <SectionLoader />;
  if (config.isError) return <SectionError error={config.error} onRetry={() => void config.refetch()} />;
  const url = kind === 'support' ? config.data.supportFormUrl : config.data.feedbackFormUrl;
  // Only a web address is embedded; anything else (a javascript: URL set by mistake) is ignored.
  if (!url || !isWebAddress(url)) return <BuiltInMessageForm kind={kind} />;
  return (
    <iframe
      src={url}
      title={frameTitle[kind]}
      width="100%"
      height={800}
      style={{ border: 0, display: 'block' }}
    />
  );
}
