import type { AlertKind } from '@ipam/core/api/alert';
import type { WebhookEventType } from '@ipam/core/schemas/webhook-schemas';
import type { Change } from '../commands/change.js';
import { insertAlerts, type AlertContent } from './alert-repository.js';

/** The webhook event each kind of alert is sent as. */
export const ALERT_WEBHOOK_EVENTS: Readonly<Record<AlertKind, WebhookEventType>> = {
  new_host: 'address.discovered',
  mac_changed: 'address.mac_changed',
  went_stale: 'address.stale',
};

/** An alert to write, with the address as the API shows it before and after (for webhooks). */
export interface NewAlert {
  content: AlertContent;
  before: unknown;
  after: unknown;
}

/**
 * Writes a change's alerts of one subnet in its transaction, hands them to the outbox as webhook
 * events (`address.discovered`, `address.mac_changed`, `address.stale`) and announces one live
 * `alert` event for them after the commit (it names the newest; clients read the list).
 */
export async function recordAlerts(
  change: Change,
  accountId: string,
  subnetId: string,
  alerts: readonly NewAlert[],
  createdAt: string,
): Promise<void> {
  if (alerts.length === 0) return;
  const ids = await insertAlerts(
    change.trx,
    accountId,
    alerts.map((alert) => alert.content),
    createdAt,
  );
  change.emit(
    alerts.map((alert, i) => ({
      type: ALERT_WEBHOOK_EVENTS[alert.content.kind],
      subjectId: ids[i] ?? '',
      before: alert.before,
      after: alert.after,
      subnetId,
    })),
  );
  change.announce({ kind: 'alert', id: ids.at(-1) ?? '', subnetId });
}
