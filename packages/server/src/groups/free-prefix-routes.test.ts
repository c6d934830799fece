import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { uniqueEmail, useTestApp } from '../../test/factories.js';
import { createSubnetIn, tierOnePerson } from '../../test/ipam-factories.js';
import { createVrf } from '../vrfs/vrfs.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`free prefixes of a group (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('finds where a new /26 fits, inside the given range or around the group by default', async () => {
      const me = await tierOnePerson(t.current);
      const first = await createSubnetIn(me.ctx, '10.0.0.0/26');
      await createSubnetIn(me.ctx, '10.0.0.128/25', { groupId: first.groupId });
      const path = `/api/accounts/${me.accountId}/groups/${first.groupId}/free-prefixes`;
      const around = await me.client.get(`${path}?length=27&count=3`);
      expect(around.status).toBe(200);
      expect(around.body).toEqual({
        within: '10.0.0.0/24',
        vrfId: expect.any(String), // issue 30: the VRF searched (Global by default)
        vrfName: 'Global',
        items: [
          { cidr: '10.0.0.64/27', networkIP: '10.0.0.64', prefixLength: 27, version: 4 },
          { cidr: '10.0.0.96/27', networkIP: '10.0.0.96', prefixLength: 27, version: 4 },
        ],
      });
      const inside = await me.client.get(`${path}?length=26&within=10.0.0.0/16&count=2`);
      expect(inside.body.items.map((item: { cidr: string }) => item.cidr)).toEqual([
        '10.0.0.64/26',
        '10.0.1.0/26',
      ]);
      const v6 = await me.client.get(`${path}?length=64&within=2001:db8::/48`);
      expect(v6.body.items[0].cidr).toBe('2001:db8::/64');
    });

    it('avoids subnets of the whole account, not only the group', async () => {
      const me = await tierOnePerson(t.current);
      const inGroup = await createSubnetIn(me.ctx, '10.8.0.0/24');
      await createSubnetIn(me.ctx, '10.8.1.0/24');
      const path = `/api/accounts/${me.accountId}/groups/${inGroup.groupId}/free-prefixes`;
      const response = await me.client.get(`${path}?length=24&within=10.8.0.0/22&count=5`);
      expect(response.body.items.map((item: { cidr: string }) => item.cidr)).toEqual([
        '10.8.2.0/24',
        '10.8.3.0/24',
      ]);
    });

    it('finds room inside a container, and looks only at the subnets of the VRF asked for (issue 30)', async () => {
      const me = await tierOnePerson(t.current);
      const site = await createSubnetIn(me.ctx, '10.9.0.0/22', { kind: 'container' });
      await createSubnetIn(me.ctx, '10.9.0.0/24', { groupId: site.groupId });
      const lab = await createVrf(me.ctx, { name: 'Lab', rd: null, description: '' });
      await createSubnetIn(me.ctx, '10.9.1.0/24', { groupId: site.groupId, vrfId: lab.id });
      const path = `/api/accounts/${me.accountId}/groups/${site.groupId}/free-prefixes`;
      const inGlobal = await me.client.get(`${path}?length=24&within=10.9.0.0/22&count=5`);
      expect(inGlobal.body.items.map((item: { cidr: string }) => item.cidr)).toEqual([
        '10.9.1.0/24',
        '10.9.2.0/24',
        '10.9.3.0/24',
      ]);
      const inLab = await me.client.get(`${path}?length=24&within=10.9.0.0/22&count=5&vrfId=${lab.id}`);
      expect(inLab.body).toMatchObject({ vrfId: lab.id, vrfName: 'Lab' });
      expect(inLab.body.items.map((item: { cidr: string }) => item.cidr)).toEqual([
        '10.9.0.0/24',
        '10.9.2.0/24',
        '10.9.3.0/24',
      ]);
      // A leaf holding the range leaves no room in it.
      const inLeaf = await me.client.get(`${path}?length=26&within=10.9.0.0/24`);
      expect(inLeaf.body.items).toEqual([]);
    });

    it('refuses a bad length or range (400) and another account’s group (404)', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.7.0.0/24');
      const path = `/api/accounts/${me.accountId}/groups/${subnet.groupId}/free-prefixes`;
      expect((await me.client.get(`${path}?length=40`)).status).toBe(400);
      expect((await me.client.get(`${path}?length=26&within=banana`)).status).toBe(400);
      const other = await tierOnePerson(t.current, uniqueEmail('other'));
      const theirs = await createSubnetIn(other.ctx, '10.7.0.0/24');
      const response = await me.client.get(
        `/api/accounts/${me.accountId}/groups/${theirs.groupId}/free-prefixes?length=26`,
      );
      expect(response.status).toBe(404);
    });
  });
}
