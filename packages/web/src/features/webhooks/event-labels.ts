import type { WebhookEventType } from '@ipam/core/schemas/webhook-schemas';

/** Each webhook event as the form and the log name it. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'address.created': 'Address created',
  'address.changed': 'Address changed',
  'address.cleared': 'Address cleared',
  'address.discovered': 'New host found',
  'address.mac_changed': 'MAC address changed',
  'address.stale': 'Address went stale',
  'subnet.created': 'Subnet created',
  'subnet.changed': 'Subnet changed',
  'subnet.deleted': 'Subnet deleted',
  'approval.created': 'Approval created',
  'approval.resolved': 'Approval resolved',
  'scan.finished': 'Scan finished',
  'import.applied': 'Import applied',
  'member.joined': 'Member joined',
  'member.left': 'Member left',
};
