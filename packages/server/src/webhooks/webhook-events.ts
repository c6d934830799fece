import type { WebhookEventType } from '@ipam/core/schemas/webhook-schemas';
import { isWebhookEventType } from '@ipam/core/schemas/webhook-schemas';
import type { ChangeAudit } from '../commands/change.js';
import type { ChangeOccurrences } from '../outbox/change-occurrences.js';

/** One event for the account's webhooks, before it is addressed to any. */
export interface WebhookEvent {
  type: WebhookEventType;
  before: unknown;
  after: unknown;
  subnetId?: string | undefined;
}

function statusOf(view: unknown): string | null {
  if (typeof view !== 'object' || view === null || !('status' in view)) return null;
  return typeof view.status === 'string' ? view.status : null;
}

/**
 * An address update's event: leaving Available is "created", returning to it (Clear, a scan finding
 * the host gone, a confirmed approval) is "cleared", anything else "changed".
 */
function addressEventType(audit: ChangeAudit): WebhookEventType {
  const before = statusOf(audit.before);
  const after = statusOf(audit.after);
  if (after === 'Available' && before !== 'Available') return 'address.cleared';
  if (before === 'Available' && after !== 'Available') return 'address.created';
  return 'address.changed';
}

/** The webhook event an audit entry stands for, or null when webhooks do not see it. */
function eventTypeOfAudit(audit: ChangeAudit): WebhookEventType | null {
  if (audit.action === 'import') {
    return audit.entity === 'address' || audit.entity === 'subnet' ? 'import.applied' : null;
  }
  switch (audit.entity) {
    case 'address':
      return audit.action === 'update' ? addressEventType(audit) : null;
    case 'subnet':
      if (audit.action === 'create') return 'subnet.created';
      return audit.action === 'update'
        ? 'subnet.changed'
        : audit.action === 'delete'
          ? 'subnet.deleted'
          : null;
    case 'member':
      return audit.action === 'create' ? 'member.joined' : audit.action === 'delete' ? 'member.left' : null;
    case 'approval-confirmed':
    case 'approval-ignored':
      return 'approval.resolved';
    default:
      return null;
  }
}

function afterOf(audit: ChangeAudit): unknown {
  if (audit.entity === 'approval-confirmed') return { resolution: 'confirmed' };
  if (audit.entity === 'approval-ignored') return { resolution: 'ignored' };
  return audit.after ?? null;
}

/** The webhook events of a change, in the order it made them: audit entries first, then emitted events. */
export function webhookEventsOf(occurrences: ChangeOccurrences): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  for (const audit of occurrences.audits) {
    const type = eventTypeOfAudit(audit);
    if (type === null) continue;
    events.push({ type, before: audit.before ?? null, after: afterOf(audit), subnetId: audit.subnetId });
  }
  for (const event of occurrences.emitted) {
    if (!isWebhookEventType(event.type)) continue;
    events.push({
      type: event.type,
      before: event.before ?? null,
      after: event.after ?? null,
      subnetId: event.subnetId,
    });
  }
  return events;
}
