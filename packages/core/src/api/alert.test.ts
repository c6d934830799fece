import { describe, expect, it } from 'vitest';
import { alertText, type Alert } from './alert.js';

const common = {
  id: 'a1',
  subnetId: 's1',
  subnetName: 'Office LAN',
  cidr: '10.0.0.0/24',
  ipAddress: '10.0.0.5',
  createdAt: '2026-11-28T10:00:00.000Z',
};

describe('alertText', () => {
  it('says what each kind of alert found, where and by which scanner', () => {
    const alerts: [Alert, string][] = [
      [
        { ...common, kind: 'new_host', details: { scannerName: 'HQ', mac: null, hostname: '' } },
        'New host 10.0.0.5 in Office LAN (scanner HQ)',
      ],
      [
        {
          ...common,
          kind: 'mac_changed',
          details: { scannerName: 'HQ', previousMac: 'aa:bb:cc:00:00:01', mac: 'aa:bb:cc:00:00:02' },
        },
        'MAC changed on 10.0.0.5 in Office LAN: aa:bb:cc:00:00:01 → aa:bb:cc:00:00:02 (scanner HQ)',
      ],
      [
        {
          ...common,
          kind: 'went_stale',
          details: { lastSeen: '2026-11-20T10:00:00.000Z', lastSeenBy: 'HQ', staleAfterDays: 7 },
        },
        '10.0.0.5 in Office LAN went stale: not seen for 7 days',
      ],
      [
        {
          ...common,
          kind: 'went_stale',
          details: { lastSeen: '2026-11-20T10:00:00.000Z', lastSeenBy: null, staleAfterDays: 1 },
        },
        '10.0.0.5 in Office LAN went stale: not seen for 1 day',
      ],
    ];
    for (const [alert, text] of alerts) expect(alertText(alert)).toBe(text);
  });
});
