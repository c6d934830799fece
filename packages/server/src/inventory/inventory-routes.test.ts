import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp, type TestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from '../../test/ipam-factories.js';

/** An account with Site A ⊃ Servers (10.0.1.0/24) and Lab (10.9.0.0/24, another group and VRF-less). */
async function seededAccount(t: TestApp) {
  const me = await accountSession(t, { tier: 1 });
  const site = await postGroup(me, 'Site A');
  const servers = await postGroup(me, 'Servers & DBs', site.id);
  const lab = await postGroup(me, 'Lab');
  const web = (await postSubnet(me, servers.id, '10.0.1.0/24', { name: 'Web', vlanId: 20 })).body;
  const labNet = (await postSubnet(me, lab.id, '10.9.0.0/24', { name: 'Bench' })).body;
  const put = (subnetId: string, ip: string, body: Record<string, unknown>) =>
    me.call('PUT', `/subnets/${subnetId}/addresses/${ip}`, body);
  await put(web.id, '10.0.1.10', { status: 'In Use', hostname: 'web-1', description: 'nginx' });
  await put(web.id, '10.0.1.11', { status: 'In Use', hostname: 'web-2' });
  await put(web.id, '10.0.1.12', { status: 'Reserved', hostname: 'spare' });
  await put(web.id, '10.0.1.13', { status: 'In Use', hostname: '' });
  await put(labNet.id, '10.9.0.5', { status: 'In Use', hostname: 'probe.lab.example' });
  return { me, site, servers, lab, web, labNet };
}

async function tokenOf(session: AccountSession, scope: 'read' | 'write'): Promise<string> {
  const response = await session.call('POST', '/tokens', { name: `inv-${scope}`, scope, expiresInDays: 30 });
  return response.body.token as string;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`inventory route (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('lists In Use addresses with a hostname, with subnet, VLAN, VRF, description and group', async () => {
      const { me, servers, site, lab } = await seededAccount(t.current);
      const response = await me.call('GET', '/inventory');
      expect(response.status).toBe(200);
      expect(response.body.hosts).toEqual([
        {
          hostname: 'web-1',
          ipAddress: '10.0.1.10',
          subnet: '10.0.1.0/24',
          subnetName: 'Web',
          groupId: servers.id,
          vlanId: 20,
          vrf: 'Global',
          description: 'nginx',
        },
        expect.objectContaining({ hostname: 'web-2', ipAddress: '10.0.1.11', description: '' }),
        expect.objectContaining({ hostname: 'probe.lab.example', subnet: '10.9.0.0/24', groupId: lab.id }),
      ]);
      expect(response.body.groups).toEqual(
        expect.arrayContaining([
          { id: site.id, name: 'Site A', parentId: null },
          { id: servers.id, name: 'Servers & DBs', parentId: site.id },
          { id: lab.id, name: 'Lab', parentId: null },
        ]),
      );
    });

    it('narrows to one group and the groups inside it; an unknown group is 404', async () => {
      const { me, site, servers } = await seededAccount(t.current);
      const narrowed = await me.call('GET', '/inventory?group=site%20a');
      expect(narrowed.body.hosts.map((host: { hostname: string }) => host.hostname)).toEqual([
        'web-1',
        'web-2',
      ]);
      expect(narrowed.body.groups).toEqual([
        { id: servers.id, name: 'Servers & DBs', parentId: site.id },
        { id: site.id, name: 'Site A', parentId: null },
      ]);
      const unknown = await me.call('GET', '/inventory?group=Nowhere');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe(messages.inventoryGroupNotFound('Nowhere'));
    });

    it("answers a read token; another account's token is 404 and no token 401", async () => {
      const { me } = await seededAccount(t.current);
      const stranger = await accountSession(t.current, { tier: 1 });
      const path = `/api/accounts/${me.accountId}/inventory`;
      const read = await t.current.client({ authorization: `Bearer ${await tokenOf(me, 'read')}` }).get(path);
      expect(read.status).toBe(200);
      expect(read.body.hosts).toHaveLength(3);
      const foreign = t.current.client({ authorization: `Bearer ${await tokenOf(stranger, 'write')}` });
      const refused = await foreign.get(path);
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('web-1');
      expect((await t.current.client().get(path)).status).toBe(401);
      const theirs = await stranger.call('GET', '/inventory');
      expect(theirs.body).toEqual({ groups: [], hosts: [] });
    });
  });
}
