import { describe, expect, it } from 'vitest';
import type { Alert } from '@ipam/core/api/alert';
import { composeDigestMail, escapeHtml } from './digest-mail.js';

const newHost = (n: number): Alert => ({
  id: `a${n}`,
  kind: 'new_host',
  subnetId: 's1',
  subnetName: 'Office LAN',
  cidr: '10.0.0.0/24',
  ipAddress: `10.0.0.${n}`,
  createdAt: '2026-11-28T10:00:00.000Z',
  details: { scannerName: 'HQ', mac: null, hostname: '' },
});

describe('composeDigestMail', () => {
  it('counts every alert, lists the ones given and says how many more there are', () => {
    const mail = composeDigestMail({
      to: 'a@example.com',
      accountName: 'Acme',
      counts: { new_host: 5, went_stale: 2 },
      alerts: [newHost(1), newHost(2)],
      linkBase: 'https://ipam.example.com',
    });
    expect(mail.subject).toBe('IPAM: 7 discovery alerts in Acme');
    expect(mail.text).toContain('New host: 5 · Went stale: 2');
    expect(mail.text).toContain('- New host 10.0.0.1 in Office LAN (scanner HQ)');
    expect(mail.text).toContain('and 5 more: see the dashboard, https://ipam.example.com/');
    expect(mail.html).toContain('and 5 more');
  });

  it('keeps an account name on one subject line and escapes it in the HTML body', () => {
    const mail = composeDigestMail({
      to: 'a@example.com',
      accountName: 'Evil\r\nBcc: x@example.com <script>',
      counts: { mac_changed: 1 },
      alerts: [],
      linkBase: 'https://ipam.example.com',
    });
    expect(mail.subject).toBe('IPAM: 1 discovery alert in Evil Bcc: x@example.com <script>');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('Evil\r\nBcc: x@example.com &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('escapes the five characters HTML gives meaning to', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
