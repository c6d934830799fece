import { afterAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startSmtpSink, useTestApp, type TestClient } from '../../test/factories.js';
import { memberWithRole } from '../../test/role-factories.js';
import { agent, scannedSubnet } from '../../test/scan-agent.js';
import { waitUntil } from '../../test/webhook-receiver.js';
import { noopEventPublisher } from '../events/event-publisher.js';
import { queueDueDigests } from './alert-digest.js';
import { startAlertJobs } from './alert-jobs.js';

const times = { startedAt: '2026-11-23T10:00:00Z', finishedAt: '2026-11-23T10:00:05Z' };
const up = (ipAddress: string, hostname?: string) => ({
  ipAddress,
  alive: true,
  method: 'icmp',
  ...(hostname ? { hostname } : {}),
});
const HOUR_MS = 60 * 60 * 1000;
const hoursOn = (hours: number) => new Date(Date.now() + hours * HOUR_MS);
const linkBase = 'https://ipam.example.com';

/** A message's raw text with its quoted-printable encoding undone (the bodies as a reader sees them). */
function readable(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    soft.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `\u0000${hex}`),
    'latin1',
  );
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0) {
      out.push(Number.parseInt(bytes.subarray(i + 1, i + 3).toString('latin1'), 16));
      i += 2;
    } else out.push(bytes[i] ?? 0);
  }
  return Buffer.from(out).toString('utf8');
}

const optIn = (client: TestClient, isOptedIn = true) => client.put('/api/auth/alert-digest', { isOptedIn });

const sink = await startSmtpSink();
afterAll(() => sink.close());

describeEachDialect('the daily digest of alerts (%s)', (dialect) => {
  const t = useTestApp(dialect, { SMTP_URL: sink.url, OUTBOX_POLL_MS: '100' });

  const digestsTo = (email: string) =>
    sink.messages.filter((m) => m.to.includes(email) && m.raw.includes('discovery alert'));

  it("mails each opted-in member their accounts' alerts once a day, escaped, with counts and links", async () => {
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.70.0.0/29', 'auto');
    await me.call('PATCH', `/subnets/${subnetId}`, { name: 'Lab <b>"x" & y</b>' });
    const viewer = await memberWithRole(t.current, me, 'viewer');
    const bystander = await memberWithRole(t.current, me, 'editor');
    const chosen = await optIn(me.client);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ isAvailable: true, isOptedIn: true });
    expect((await optIn(viewer.client)).status).toBe(200);
    expect((await me.client.get('/api/auth/alert-digest')).body).toEqual({
      isAvailable: true,
      isOptedIn: true,
    });
    expect((await bystander.client.get('/api/auth/alert-digest')).body.isOptedIn).toBe(false);
    // Another account's alerts, whose owner also opted in, never reach this account's members.
    const other = await scannedSubnet(t.current, '10.71.0.0/29', 'auto');
    await optIn(other.me.client);
    const elsewhere = { subnetId: other.subnetId, ...times, hosts: [up('10.71.0.6')] };
    expect((await agent(t.current, other.key).results(elsewhere)).status).toBe(200);
    await agent(t.current, key).results({
      subnetId,
      ...times,
      hosts: [up('10.70.0.1', 'printer.lan'), up('10.70.0.2')],
    });
    // Not due before a day has passed.
    expect(await queueDueDigests(t.current.db, { now: hoursOn(23), linkBase, limit: 50 })).toBe(0);
    // Two processes at once: each digest is made once.
    const later = hoursOn(25);
    const made = await Promise.all([
      queueDueDigests(t.current.db, { now: later, linkBase, limit: 50 }),
      queueDueDigests(t.current.db, { now: later, linkBase, limit: 50 }),
    ]);
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(3);
    await waitUntil(() => digestsTo(me.email).length + digestsTo(viewer.email).length === 2);
    await waitUntil(() => digestsTo(other.me.email).length === 1);
    const [mail] = digestsTo(me.email);
    const text = readable(mail?.raw ?? '');
    expect(text).toContain('Subject: IPAM: 2 discovery alerts in ');
    expect(text).toContain('New host: 2');
    expect(text).toContain(`${linkBase}/ips?subnet=${subnetId}&at=10.70.0.1`);
    expect(text).toContain(`href="${linkBase}/ips?subnet=${subnetId}&amp;at=10.70.0.1"`);
    expect(text).toContain('- New host 10.70.0.1 in Lab <b>"x" & y</b> (scanner HQ)');
    // The HTML body escapes the subnet's name.
    const html = text.slice(text.indexOf('<!doctype html>'), text.indexOf('</html>'));
    expect(html).toContain('New host 10.70.0.1 in Lab &lt;b&gt;&quot;x&quot; &amp; y&lt;/b&gt; (scanner HQ)');
    expect(html).not.toContain('<b>');
    expect(text).not.toContain('10.71.0.6');
    expect(readable(digestsTo(viewer.email)[0]?.raw ?? '')).toContain('New host: 2');
    expect(digestsTo(bystander.email)).toEqual([]);
    expect(readable(digestsTo(other.me.email)[0]?.raw ?? '')).not.toContain('10.70.0.');
  });

  it('sends nothing when there was nothing, nor twice for one day, nor after opting out', async () => {
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.72.0.0/29', 'auto');
    await optIn(me.client);
    // A first day without alerts: the day is taken, no e-mail.
    const jobs = startAlertJobs(
      {
        db: t.current.db,
        events: noopEventPublisher,
        log: { warn: () => undefined },
        canMail: true,
        linkBase,
        clock: () => hoursOn(25),
      },
      HOUR_MS,
    );
    await jobs.runNow();
    await jobs.stop();
    await agent(t.current, key).results({ subnetId, ...times, hosts: [up('10.72.0.3')] });
    // Within the same day again: nothing (the alert waits for the next day's digest).
    expect(await queueDueDigests(t.current.db, { now: hoursOn(26), linkBase, limit: 50 })).toBe(0);
    expect(digestsTo(me.email)).toEqual([]);
    // Opted out before the next day: nothing then either.
    const off = await optIn(me.client, false);
    expect(off.body).toEqual({ isAvailable: true, isOptedIn: false });
    await queueDueDigests(t.current.db, { now: hoursOn(50), linkBase, limit: 50 });
    expect(digestsTo(me.email)).toEqual([]);
  });
});
