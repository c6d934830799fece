import type { Alert } from '@ipam/core/api/alert';
import { describe, expect, it } from 'vitest';
import { alertPath, alertsAfter, onAlertSignal, signalAlerts } from './alerts.js';

const alert = (id: string, createdAt: string): Alert => ({
  id,
  kind: 'new_host',
  subnetId: 's1',
  subnetName: 'Office LAN',
  cidr: '10.0.0.0/24',
  ipAddress: '10.0.0.5',
  createdAt,
  details: { scannerName: 'HQ', mac: null, hostname: '' },
});

describe('alertsAfter', () => {
  const t1 = '2026-11-28T10:00:00.000Z';
  const t2 = '2026-11-28T11:00:00.000Z';
  const newestFirst = [alert('c', t2), alert('b', t2), alert('a', t1)];

  it('keeps the alerts written after the mark, in the order given', () => {
    expect(alertsAfter(newestFirst, { id: 'a', createdAt: t1 }).map((a) => a.id)).toEqual(['c', 'b']);
    // Same time: the id decides, as on the server.
    expect(alertsAfter(newestFirst, { id: 'b', createdAt: t2 }).map((a) => a.id)).toEqual(['c']);
    expect(alertsAfter(newestFirst, { id: 'c', createdAt: t2 })).toEqual([]);
  });

  it('takes every alert when nothing was read before', () => {
    expect(alertsAfter(newestFirst, null)).toHaveLength(3);
  });
});

describe('alert signals and links', () => {
  it('tells each listener which account has new alerts, until it stops listening', () => {
    const heard: string[] = [];
    const stop = onAlertSignal((accountId) => heard.push(accountId));
    signalAlerts('7');
    stop();
    signalAlerts('8');
    expect(heard).toEqual(['7']);
  });

  it('opens the IP view at the address', () => {
    expect(alertPath({ subnetId: 's1', ipAddress: '10.0.0.5' })).toBe('/ips?subnet=s1&at=10.0.0.5');
  });
});
