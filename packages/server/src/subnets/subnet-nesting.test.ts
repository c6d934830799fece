import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from '../../test/ipam-factories.js';

type Made = {
  id: string;
  name: string;
  networkIP: string;
  bits: number;
  kind: string;
  parentId: string | null;
};

async function made(
  session: AccountSession,
  groupId: string,
  cidr: string,
  fields: Record<string, unknown> = {},
) {
  const response = await postSubnet(session, groupId, cidr, fields);
  if (response.status !== 201) throw new Error(`${cidr} not created: ${response.status} ${response.text}`);
  return response.body as Made;
}

async function parentsByCidr(session: AccountSession) {
  const items = (await session.call('GET', '/subnets')).body.items as Made[];
  const cidrOf = new Map(items.map((s) => [s.id, `${s.networkIP}/${s.bits}`]));
  return Object.fromEntries(
    items.map((s) => [`${s.networkIP}/${s.bits}`, s.parentId === null ? null : cidrOf.get(s.parentId)]),
  );
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`nested prefixes (${dialect})`, () => {
    const t = useTestApp(dialect);
    const container = { kind: 'container' };

    it('places a new subnet inside the smallest container holding it; a leaf holds no subnet', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const site = await made(me, group.id, '10.0.0.0/16', container);
      expect(site).toMatchObject({ kind: 'container', parentId: null });
      const floor = await made(me, group.id, '10.0.4.0/22', container);
      expect(floor.parentId).toBe(site.id);
      const lan = await made(me, group.id, '10.0.5.0/24');
      expect(lan).toMatchObject({ kind: 'leaf', parentId: floor.id });
      expect((await made(me, group.id, '10.0.9.0/24')).parentId).toBe(site.id);

      const insideLeaf = await postSubnet(me, group.id, '10.0.5.128/25');
      expect(insideLeaf.status).toBe(409);
      expect(insideLeaf.body.error).toBe(messages.subnetOverlaps('Subnet 10.0.5.0/24', '10.0.5.0/24'));
      const containerInLeaf = await postSubnet(me, group.id, '10.0.5.0/26', container);
      expect(containerInLeaf.status).toBe(409);
      expect(containerInLeaf.body.error).toBe(messages.subnetInsideLeaf('Subnet 10.0.5.0/24', '10.0.5.0/24'));
      const leafAroundLeaf = await postSubnet(me, group.id, '10.0.4.0/23');
      expect(leafAroundLeaf.status).toBe(409);
      expect(leafAroundLeaf.body.error).toBe(messages.subnetOverlaps('Subnet 10.0.5.0/24', '10.0.5.0/24'));
      const leafAroundContainer = await postSubnet(me, group.id, '10.0.0.0/8');
      expect(leafAroundContainer.status).toBe(409);
      expect(leafAroundContainer.body.error).toBe(
        messages.subnetAroundSubnet('Subnet 10.0.0.0/16', '10.0.0.0/16'),
      );
      const samePrefix = await postSubnet(me, group.id, '10.0.4.0/22');
      expect(samePrefix.status).toBe(409);
      expect(samePrefix.body.error).toBe(messages.subnetSamePrefix('Subnet 10.0.4.0/22', '10.0.4.0/22'));
    });

    it('creates a container around existing subnets, which become its children (deeper ones stay)', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      await made(me, group.id, '10.1.0.0/24');
      await made(me, group.id, '10.1.1.0/24');
      await made(me, group.id, '10.1.8.0/22', container);
      await made(me, group.id, '10.1.9.0/24');
      await made(me, group.id, '10.2.0.0/24');
      const around = await made(me, group.id, '10.1.0.0/20', container);
      expect(around.parentId).toBeNull();
      expect(await parentsByCidr(me)).toEqual({
        '10.1.0.0/20': null,
        '10.1.0.0/24': '10.1.0.0/20',
        '10.1.1.0/24': '10.1.0.0/20',
        '10.1.8.0/22': '10.1.0.0/20',
        '10.1.9.0/24': '10.1.8.0/22',
        '10.2.0.0/24': null,
      });
      // And one in between: around the /22 inside the /20.
      await made(me, group.id, '10.1.8.0/21', container);
      expect(await parentsByCidr(me)).toMatchObject({
        '10.1.8.0/21': '10.1.0.0/20',
        '10.1.8.0/22': '10.1.8.0/21',
        '10.1.9.0/24': '10.1.8.0/22',
      });
    });

    it('refuses to delete a container with children, and keeps its addresses routes shut', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const site = await made(me, group.id, '10.3.0.0/16', container);
      const lan = await made(me, group.id, '10.3.1.0/24');
      const refused = await me.call('DELETE', `/subnets/${site.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(messages.containerNotEmpty(1));

      const noAddresses = messages.containerHasNoAddresses('10.3.0.0/16');
      const put = await me.call('PUT', `/subnets/${site.id}/addresses/10.3.0.5`, {
        status: 'In Use',
        hostname: '',
        description: '',
        allowScannerUpdate: true,
      });
      expect(put.status).toBe(409);
      expect(put.body.error).toBe(noAddresses);
      expect((await me.call('GET', `/subnets/${site.id}/addresses`)).status).toBe(409);
      expect((await me.call('POST', `/subnets/${site.id}/addresses/next`, {})).status).toBe(409);
      const scanned = await me.call('PATCH', `/subnets/${site.id}`, {
        scanningType: 'auto',
        scanFrequency: 24,
      });
      expect(scanned.status).toBe(400);
      expect(scanned.body.fields).toEqual({ scanningType: messages.containerNotScanned });

      expect((await me.call('DELETE', `/subnets/${lan.id}`)).status).toBe(204);
      expect((await me.call('DELETE', `/subnets/${site.id}`)).status).toBe(204);
    });

    it("lists one level at a time: the top (parentId=none), a container's children, one VRF", async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const lab = (await me.call('POST', '/vrfs', { name: 'Lab' })).body;
      const site = await made(me, group.id, '10.7.0.0/16', container);
      await made(me, group.id, '10.7.1.0/24');
      await made(me, group.id, '10.7.2.0/24');
      await made(me, group.id, '10.8.0.0/24');
      await made(me, group.id, '10.7.1.0/24', { vrfId: lab.id });
      const names = async (query: string) =>
        ((await me.call('GET', `/subnets${query}`)).body.items as Made[]).map((s) => s.name).sort();
      expect(await names('?parentId=none')).toEqual([
        'Subnet 10.7.0.0/16',
        'Subnet 10.7.1.0/24',
        'Subnet 10.8.0.0/24',
      ]);
      expect(await names(`?parentId=${site.id}`)).toEqual(['Subnet 10.7.1.0/24', 'Subnet 10.7.2.0/24']);
      expect(await names(`?parentId=none&vrfId=${lab.id}`)).toEqual(['Subnet 10.7.1.0/24']);
      expect(await names('')).toHaveLength(5);
      expect((await me.call('GET', '/subnets?parentId=x&color=red')).status).toBe(400);
    });

    it('keeps VRFs apart: a subnet of another VRF is never a child of the container', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const lab = (await me.call('POST', '/vrfs', { name: 'Lab' })).body;
      const site = await made(me, group.id, '10.4.0.0/16', container);
      const inLab = await made(me, group.id, '10.4.1.0/24', { vrfId: lab.id });
      expect(inLab.parentId).toBeNull();
      expect((await made(me, group.id, '10.4.1.0/24')).parentId).toBe(site.id);
    });

    it('allocates the first free aligned child with subnets/next, 409 when none fits', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const site = await made(me, group.id, '10.5.0.0/22', container);
      await made(me, group.id, '10.5.0.0/24');
      const next = (body: Record<string, unknown>) =>
        me.call('POST', '/subnets/next', {
          parentId: site.id,
          name: 'Next',
          vlanId: 1,
          groupId: group.id,
          ...body,
        });
      const first = await next({ prefixLength: 24 });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ networkIP: '10.5.1.0', bits: 24, parentId: site.id, kind: 'leaf' });
      expect((await next({ prefixLength: 23 })).body).toMatchObject({ networkIP: '10.5.2.0', bits: 23 });
      const full = await next({ prefixLength: 24 });
      expect(full.status).toBe(409);
      expect(full.body.error).toBe(messages.containerFull(24, '10.5.0.0/22'));
      expect((await next({ prefixLength: 22 })).status).toBe(400);
      const leaf = (await me.call('GET', '/subnets')).body.items.find((s: Made) => s.kind === 'leaf');
      const notContainer = await next({ parentId: leaf.id, prefixLength: 26 });
      expect(notContainer.status).toBe(400);
      expect(notContainer.body.fields).toEqual({ parentId: messages.parentNotContainer });
      const other = await accountSession(t.current, { tier: 1 });
      const theirs = await other.call('POST', '/subnets/next', {
        parentId: site.id,
        name: 'Sneaky',
        vlanId: 1,
        groupId: group.id,
        prefixLength: 26,
      });
      expect(theirs.status).toBe(400);
    });

    it('gives 50 concurrent subnets/next calls 50 distinct, non-overlapping children', async () => {
      const me = await accountSession(t.current, { tier: 3 });
      const group = await postGroup(me, 'G');
      const site = await made(me, group.id, '10.6.0.0/16', container);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          me.call('POST', '/subnets/next', {
            parentId: site.id,
            prefixLength: 24,
            name: `Child ${i}`,
            vlanId: 1,
            groupId: group.id,
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
      const networks = answers.map((a) => a.body.networkIP as string);
      expect(new Set(networks).size).toBe(50);
      expect(networks.every((ip) => /^10\.6\.(\d+)\.0$/.test(ip) && Number(ip.split('.')[2]) < 50)).toBe(
        true,
      );
      expect(answers.every((a) => a.body.parentId === site.id && a.body.bits === 24)).toBe(true);
    });
  });
}
