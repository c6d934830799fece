import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import { MAX_VRFS_PER_ACCOUNT } from '@ipam/core/schemas/vrf-schemas';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from '../../test/ipam-factories.js';
import { pageAudit } from '../audit/audit-repository.js';
import { insertVrf } from './vrf-repository.js';

async function postVrf(session: AccountSession, name: string, fields: Record<string, unknown> = {}) {
  const response = await session.call('POST', '/vrfs', { name, ...fields });
  if (response.status !== 201) throw new Error(`VRF not created: ${response.status} ${response.text}`);
  return response.body as { id: string; name: string };
}

async function vrfNamed(session: AccountSession, name: string) {
  const list = await session.call('GET', '/vrfs');
  return (list.body.items as { id: string; name: string; subnetCount: number }[]).find(
    (v) => v.name === name,
  );
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`VRF routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('gives every new account its Global VRF, which holds subnets made without a VRF', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const list = await me.call('GET', '/vrfs');
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([
        {
          id: expect.any(String),
          name: 'Global',
          rd: null,
          description: '',
          isDefault: true,
          subnetCount: 0,
          updatedDate: expect.any(String),
          updatedBy: null,
        },
      ]);
      const group = await postGroup(me, 'G');
      const subnet = await postSubnet(me, group.id, '10.0.0.0/24');
      expect(subnet.body.vrfId).toBe(list.body.items[0].id);
      expect((await vrfNamed(me, 'Global'))?.subnetCount).toBe(1);
    });

    it('creates, renames and deletes a VRF; names are unique whatever their case; audited', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const created = await me.call('POST', '/vrfs', {
        name: ' Site B ',
        rd: '65000:1',
        description: 'branch',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Site B',
        rd: '65000:1',
        description: 'branch',
        isDefault: false,
      });
      const clash = await me.call('POST', '/vrfs', { name: 'site b' });
      expect(clash.status).toBe(409);
      expect(clash.body).toMatchObject({
        error: messages.vrfNameTaken('Site B'),
        fields: { name: expect.any(String) },
      });
      expect((await me.call('POST', '/vrfs', { name: 'GLOBAL' })).status).toBe(409);

      const renamed = await me.call('PATCH', `/vrfs/${created.body.id}`, { name: 'Site C', rd: '' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Site C', rd: null });
      expect((await me.call('DELETE', `/vrfs/${created.body.id}`)).status).toBe(204);
      expect(await vrfNamed(me, 'Site C')).toBeUndefined();
      const audit = await pageAudit(t.current.db, me.accountId, { limit: 10 });
      expect(audit.filter((e) => e.entity === 'vrf').map((e) => e.action)).toEqual(
        expect.arrayContaining(['create', 'update', 'delete']),
      );
    });

    it('takes route distinguishers in the three RFC 4364 forms and refuses others, naming the field', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      for (const rd of ['65000:1', '65535:4294967295', '4200000000:7', '192.0.2.1:7']) {
        expect((await me.call('POST', '/vrfs', { name: `V ${rd}`, rd })).status, rd).toBe(201);
      }
      for (const rd of [
        '65000',
        ':1',
        '65000:',
        '4200000000:70000',
        '192.0.2.300:1',
        '192.0.2.1:65536',
        'a:b',
        '1:2:3',
      ]) {
        const refused = await me.call('POST', '/vrfs', { name: `Bad ${rd}`, rd });
        expect(refused.status, rd).toBe(400);
        expect(refused.body.fields, rd).toEqual({ rd: messages.vrfRdInvalid });
      }
    });

    it('refuses to delete the Global VRF and a VRF that holds subnets, saying why', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const global = await vrfNamed(me, 'Global');
      const refusedGlobal = await me.call('DELETE', `/vrfs/${global?.id}`);
      expect(refusedGlobal.status).toBe(409);
      expect(refusedGlobal.body.error).toBe(messages.vrfDefaultFixed);
      const vrf = await postVrf(me, 'Lab');
      const group = await postGroup(me, 'G');
      expect((await postSubnet(me, group.id, '10.0.0.0/24', { vrfId: vrf.id })).status).toBe(201);
      const refused = await me.call('DELETE', `/vrfs/${vrf.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(messages.vrfNotEmpty(1));
    });

    it('applies overlap rules within a VRF only: the same /24 once in each VRF, never twice in one', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const siteA = await postVrf(me, 'Site A');
      const siteB = await postVrf(me, 'Site B');
      expect((await postSubnet(me, group.id, '192.168.1.0/24')).status).toBe(201);
      expect((await postSubnet(me, group.id, '192.168.1.0/24', { vrfId: siteA.id })).status).toBe(201);
      expect((await postSubnet(me, group.id, '192.168.1.0/24', { vrfId: siteB.id })).status).toBe(201);
      const again = await postSubnet(me, group.id, '192.168.1.128/25', { vrfId: siteA.id });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(messages.subnetOverlaps('Subnet 192.168.1.0/24', '192.168.1.0/24'));
      // The VRF and kind are fixed after creation, like the network.
      const moved = await me.call('PATCH', `/subnets/${again.body.id ?? 'x'}`, { vrfId: siteB.id });
      expect(moved.status).toBe(400);
      const list = await me.call('GET', '/vrfs');
      expect(
        list.body.items.map((v: { name: string; subnetCount: number }) => [v.name, v.subnetCount]),
      ).toEqual([
        ['Global', 1],
        ['Site A', 1],
        ['Site B', 1],
      ]);
    });

    it("treats another account's VRF as not there: 404 on its routes, refused for a subnet", async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const other = await accountSession(t.current, { tier: 1 });
      const theirs = await postVrf(other, 'Theirs');
      expect((await me.call('PATCH', `/vrfs/${theirs.id}`, { name: 'Mine' })).status).toBe(404);
      expect((await me.call('DELETE', `/vrfs/${theirs.id}`)).status).toBe(404);
      const group = await postGroup(me, 'G');
      const refused = await postSubnet(me, group.id, '10.0.0.0/24', { vrfId: theirs.id });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ vrfId: messages.vrfNotFound });
      expect((await vrfNamed(other, 'Theirs'))?.subnetCount).toBe(0);
    });

    it(`holds at most ${MAX_VRFS_PER_ACCOUNT} VRFs per account`, async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const at = new Date().toISOString();
      for (let i = 1; i < MAX_VRFS_PER_ACCOUNT; i++) {
        await insertVrf(t.current.db, me.accountId, {
          id: randomUUID(),
          name: `V${i}`,
          rd: null,
          description: '',
          isDefault: false,
          updatedDate: at,
          updatedBy: null,
          createdAt: at,
        });
      }
      const refused = await me.call('POST', '/vrfs', { name: 'One too many' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(messages.vrfLimitReached(MAX_VRFS_PER_ACCOUNT));
    });
  });
}
