import { describe, expect, it } from 'vitest';
import { webhookEventsOf } from './webhook-events.js';

const address = (status: string, hostname = '') => ({ ipAddress: '10.0.0.1', status, hostname });

describe('webhookEventsOf', () => {
  it('names address updates by where the status goes', () => {
    const events = webhookEventsOf({
      audits: [
        {
          action: 'update',
          entity: 'address',
          entityId: 'a',
          before: address('Available'),
          after: address('In Use', 'x'),
        },
        {
          action: 'update',
          entity: 'address',
          entityId: 'a',
          before: address('In Use', 'x'),
          after: address('In Use', 'y'),
        },
        {
          action: 'update',
          entity: 'address',
          entityId: 'a',
          before: address('Reserved'),
          after: address('In Use'),
        },
        {
          action: 'update',
          entity: 'address',
          entityId: 'a',
          before: address('In Use', 'y'),
          after: address('Available'),
        },
      ],
      emitted: [],
    });
    expect(events.map((event) => event.type)).toEqual([
      'address.created',
      'address.changed',
      'address.changed',
      'address.cleared',
    ]);
  });

  it('maps subnets, members, imports and settled approvals, and leaves other entities out', () => {
    const events = webhookEventsOf({
      audits: [
        { action: 'create', entity: 'subnet', entityId: 's', subnetId: 's', after: { name: 'LAN' } },
        { action: 'update', entity: 'subnet', entityId: 's', subnetId: 's', before: {}, after: {} },
        { action: 'delete', entity: 'subnet', entityId: 's', subnetId: 's', before: { name: 'LAN' } },
        { action: 'import', entity: 'address', entityId: 's', subnetId: 's', after: { rows: 3 } },
        { action: 'import', entity: 'subnet', entityId: 'g', after: { rows: 2 } },
        { action: 'create', entity: 'member', entityId: 'u', after: { email: 'a@example.com' } },
        { action: 'delete', entity: 'member', entityId: 'u', before: { email: 'a@example.com' } },
        { action: 'delete', entity: 'approval-confirmed', entityId: 'p', subnetId: 's', before: { id: 'p' } },
        { action: 'delete', entity: 'approval-ignored', entityId: 'q', subnetId: 's', before: { id: 'q' } },
        { action: 'create', entity: 'token', entityId: 't', after: {} },
        { action: 'create', entity: 'group', entityId: 'g', after: {} },
        { action: 'update', entity: 'scan', entityId: 's', after: { done: true } },
      ],
      emitted: [],
    });
    expect(events.map((event) => event.type)).toEqual([
      'subnet.created',
      'subnet.changed',
      'subnet.deleted',
      'import.applied',
      'import.applied',
      'member.joined',
      'member.left',
      'approval.resolved',
      'approval.resolved',
    ]);
    expect(events[0]).toEqual({
      type: 'subnet.created',
      before: null,
      after: { name: 'LAN' },
      subnetId: 's',
    });
    expect(events[7]?.after).toEqual({ resolution: 'confirmed' });
    expect(events[8]?.after).toEqual({ resolution: 'ignored' });
  });

  it('adds emitted events of known types after the audited ones', () => {
    const events = webhookEventsOf({
      audits: [{ action: 'create', entity: 'subnet', entityId: 's', after: {} }],
      emitted: [
        { type: 'scan.finished', subjectId: 's', subnetId: 's', after: { coverage: 1 } },
        { type: 'dns.only-for-another-kind', subjectId: 'x' },
      ],
    });
    expect(events.map((event) => event.type)).toEqual(['subnet.created', 'scan.finished']);
  });
});
