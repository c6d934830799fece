import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeEachDialect } from '../../test/dialects.js';
import {
  logCollector,
  signUp,
  uniqueEmail,
  useTestApp,
  type TestApp,
  type TestClient,
} from '../../test/factories.js';
import { generatePhpipamData } from '../../test/phpipam-generated-data.js';
import { startPhpipamStandIn } from '../../test/phpipam-stand-in.js';
import { setTier } from '../../test/ipam-factories.js';
import { settleImports } from './import-jobs.js';

const TOKEN = 'route-test-token-5f1c9a';

/** An owner on the top tier with IPv6 prefixes from /32, and a member who joined by invitation. */
async function team(t: TestApp) {
  const owner = await signUp(t);
  await setTier(t.db, owner.accountId, 4, 100_000);
  await t.db
    .updateTable('accounts')
    .set({ ipv6_prefix_min: 32, ipv6_prefix_max: 128 })
    .where('id', '=', owner.accountId)
    .execute();
  const memberEmail = uniqueEmail('member');
  await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: memberEmail });
  const member = await signUp(t, memberEmail);
  return { owner, member };
}

/** Follows an import until it ends (the web app hears of it by live events; a test polls). */
async function finished(client: TestClient, path: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await client.get(path);
    expect(response.status).toBe(200);
    if (response.body.status !== 'running' || Date.now() > deadline) return response.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDialect('imports from the web (%s)', (dialect) => {
  const logs = logCollector();
  const t = useTestApp(dialect, { LOG_LEVEL: 'trace' }, { logStream: logs.stream });

  it('previews, then imports, in the background; the token is stored and logged nowhere', async () => {
    const standIn = await startPhpipamStandIn({ token: TOKEN });
    try {
      const { owner } = await team(t.current);
      const base = `/api/accounts/${owner.accountId}/imports`;
      const body = { source: 'phpipam', url: standIn.url, appId: standIn.appId, token: TOKEN };
      const started = await owner.client.post(base, { ...body, dryRun: true });
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({
        status: 'running',
        dryRun: true,
        source: expect.stringMatching(/^phpIPAM at /),
      });
      const preview = await finished(owner.client, `${base}/${started.body.id}`);
      expect(preview.status).toBe('done');
      expect(preview.report.counts.subnet.imported).toBe(25);
      const none = await owner.client.get(`/api/accounts/${owner.accountId}/subnets`);
      expect(none.body.items).toEqual([]);

      const applied = await owner.client.post(base, { ...body, dryRun: false });
      const report = await finished(owner.client, `${base}/${applied.body.id}`);
      expect(report.status).toBe('done');
      expect(report.report.counts.subnet.imported).toBe(25);
      const subnets = await owner.client.get(`/api/accounts/${owner.accountId}/subnets`);
      expect(subnets.body.items).toHaveLength(25);
      const list = await owner.client.get(base);
      expect(list.body.items.map((job: { dryRun: boolean }) => job.dryRun)).toEqual([false, true]);
      expect(list.body.items[0].report).toBeNull();

      const rows = await t.current.db.selectFrom('source_imports').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(TOKEN);
      expect(logs.text()).not.toContain(TOKEN);
    } finally {
      await standIn.close();
    }
  });

  it('a wrong token ends the import as failed, naming phpIPAM and the refusal', async () => {
    const standIn = await startPhpipamStandIn({ token: TOKEN });
    try {
      const { owner } = await team(t.current);
      const base = `/api/accounts/${owner.accountId}/imports`;
      const started = await owner.client.post(base, {
        source: 'phpipam',
        url: standIn.url,
        appId: standIn.appId,
        token: 'wrong',
        dryRun: false,
      });
      const job = await finished(owner.client, `${base}/${started.body.id}`);
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(
        /^phpIPAM at http:\/\/127\.0\.0\.1:\d+\/api\/importer\/ refused the token \(HTTP 401\)/,
      );
    } finally {
      await standIn.close();
    }
  });

  it('only admins and owners import (an editor is refused); one import at a time', async () => {
    const standIn = await startPhpipamStandIn({
      token: TOKEN,
      data: generatePhpipamData({ subnets: 1500, addressesPerSubnet: 20 }),
    });
    try {
      const { owner, member } = await team(t.current);
      const base = `/api/accounts/${owner.accountId}/imports`;
      const body = { source: 'phpipam', url: standIn.url, appId: standIn.appId, token: TOKEN, dryRun: true };
      const refused = await member.client.post(base, body);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(messages.importOwnerOnly);
      expect((await member.client.get(base)).status).toBe(403);

      const first = await owner.client.post(base, body);
      expect(first.status).toBe(202);
      const second = await owner.client.post(base, body);
      expect(second.status).toBe(409);
      expect(second.body.error).toBe(messages.importRunning);
      expect((await member.client.get(`${base}/${first.body.id}`)).status).toBe(403);
      await settleImports();
      expect((await owner.client.get(`${base}/${first.body.id}`)).body.status).toBe('done');
    } finally {
      await standIn.close();
    }
  }, 120_000);

  it('refuses a URL that is not http(s), naming the field', async () => {
    const { owner } = await team(t.current);
    const response = await owner.client.post(`/api/accounts/${owner.accountId}/imports`, {
      source: 'netbox',
      url: 'file:///etc/passwd',
      token: TOKEN,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Enter the http:// or https:// URL of the source.');
  });
});
