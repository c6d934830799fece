import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from '../../test/ipam-factories.js';
import { hashScannerKey } from './scanner-keys.js';

async function subnetOf(me: AccountSession, cidr: string): Promise<string> {
  const group = await postGroup(me, `G ${cidr}`);
  const created = await postSubnet(me, group.id, cidr, { scanningType: 'auto', scanFrequency: 1 });
  expect(created.status).toBe(201);
  return created.body.id;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`scanner routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('registers a scanner with a 32-character key answered once and stored only as a hash', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await subnetOf(me, '10.0.0.0/24');
      const created = await me.call('POST', '/scanners', { name: ' HQ ', subnets: [subnetId] });
      expect(created.status).toBe(201);
      const { apiKey, ...scanner } = created.body;
      expect(apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(scanner).toMatchObject({
        name: 'HQ',
        description: '',
        subnets: [subnetId],
        missingSubnets: [],
        blockScanning: false,
        keyPrefix: apiKey.slice(0, 4),
        lastSeenAt: null,
        agentVersion: null,
      });
      const listed = await me.call('GET', '/scanners');
      expect(listed.body.items).toEqual([scanner]);
      expect(listed.text).not.toContain(apiKey);
      const rows = await t.current.db.selectFrom('scanners').selectAll().execute();
      expect(rows.map((row) => row.key_hash)).toEqual([hashScannerKey(apiKey)]);
      expect(JSON.stringify(rows)).not.toContain(apiKey);
      const audit = await me.call('GET', '/audit');
      expect(audit.text).not.toContain(apiKey);
    });

    it('regenerating the key gives a new one and the old one stops at once', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const created = await me.call('POST', '/scanners', { name: 'Branch' });
      const oldKey: string = created.body.apiKey;
      const agent = (key: string) =>
        fetch(`${t.current.baseUrl}/api/scanner/jobs`, { headers: { authorization: `Bearer ${key}` } });
      expect((await agent(oldKey)).status).toBe(200);
      const regenerated = await me.call('POST', `/scanners/${created.body.id}/key`);
      expect(regenerated.status).toBe(200);
      expect(regenerated.body.apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(regenerated.body.apiKey).not.toBe(oldKey);
      expect((await agent(oldKey)).status).toBe(401);
      expect((await agent(regenerated.body.apiKey)).status).toBe(200);
    });

    it('edits, keeps a deleted subnet as missing until Remove Missing Subnets, and deletes', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const kept = await subnetOf(me, '10.1.0.0/24');
      const doomed = await subnetOf(me, '10.2.0.0/24');
      const created = await me.call('POST', '/scanners', { name: 'A', subnets: [kept, doomed] });
      const id = created.body.id;
      const edited = await me.call('PATCH', `/scanners/${id}`, {
        description: 'rack 4',
        blockScanning: true,
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'A', description: 'rack 4', blockScanning: true });
      expect((await me.call('DELETE', `/subnets/${doomed}`)).status).toBe(204);
      const listed = await me.call('GET', '/scanners');
      expect(listed.body.items[0]).toMatchObject({ subnets: [kept, doomed], missingSubnets: [doomed] });
      // Saving the list as shown keeps the removed id; a new unknown id is refused.
      expect((await me.call('PATCH', `/scanners/${id}`, { subnets: [kept, doomed] })).status).toBe(200);
      const unknown = await me.call('PATCH', `/scanners/${id}`, { subnets: [kept, 'no-such-subnet'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual({ subnets: messages.subnetNotFound });
      const cleaned = await me.call('POST', `/scanners/${id}/remove-missing-subnets`);
      expect(cleaned.body).toMatchObject({ subnets: [kept], missingSubnets: [] });
      expect((await me.call('DELETE', `/scanners/${id}`)).status).toBe(204);
      expect((await me.call('GET', '/scanners')).body.items).toEqual([]);
    });

    it("refuses another account's subnets and scanners (404/400) and the Free tier (403)", async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const other = await accountSession(t.current, { tier: 1 });
      const theirSubnet = await subnetOf(other, '10.3.0.0/24');
      const refused = await me.call('POST', '/scanners', { name: 'X', subnets: [theirSubnet] });
      expect(refused.status).toBe(400);
      const theirs = await other.call('POST', '/scanners', { name: 'Theirs' });
      for (const [method, path] of [
        ['PATCH', `/scanners/${theirs.body.id}`],
        ['POST', `/scanners/${theirs.body.id}/key`],
        ['POST', `/scanners/${theirs.body.id}/remove-missing-subnets`],
        ['DELETE', `/scanners/${theirs.body.id}`],
      ] as const) {
        const response = await me.call(method, path, method === 'PATCH' ? { name: 'mine' } : undefined);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      const free = await accountSession(t.current);
      for (const [method, path] of [
        ['GET', '/scanners'],
        ['POST', '/scanners'],
      ] as const) {
        const response = await free.call(method, path, method === 'POST' ? { name: 'F' } : undefined);
        expect(response.status).toBe(403);
        expect(response.body.error).toBe(messages.scannersNotInTier);
      }
    });
  });
}
