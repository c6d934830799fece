import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, setTier } from '../../test/ipam-factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`subnet creation (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('creates an IPv4 subnet with host bits cleared and the spec fields at creation', async () => {
      const me = await accountSession(t.current);
      const group = await postGroup(me, 'Office');
      const created = await me.call('POST', '/subnets', {
        name: '  Office LAN ',
        vlanId: 20,
        groupId: group.id,
        networkIP: ' 10.0.0.5 ',
        bits: 24,
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Office LAN',
        vlanId: 20,
        description: '',
        groupId: group.id,
        version: 4,
        networkIP: '10.0.0.0',
        bits: 24,
        scanningType: 'none',
        scanFrequency: null,
        lastScanned: null,
        scanNow: false,
        updatedDate: expect.any(String),
        updatedBy: me.userId,
        // Issue 30: every subnet is in a VRF (the account's Global one by default), a leaf at the top.
        vrfId: expect.any(String),
        kind: 'leaf',
        parentId: null,
        staleAfterDays: null,
      });
      const read = await me.call('GET', `/subnets/${created.body.id}`);
      expect(read.body).toEqual(created.body);
      expect((await me.call('GET', '/subnets')).body).toEqual({ items: [created.body] });
    });

    it('lists subnets by name ignoring case, non-ASCII letters included, the same on both engines', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const names = ['Éb', 'éa', 'b', 'A', 'Zulu'];
      for (const [i, name] of names.entries()) {
        expect((await postSubnet(me, group.id, `10.${i}.0.0/24`, { name })).status).toBe(201);
      }
      const list = await me.call('GET', '/subnets');
      expect(list.body.items.map((s: { name: string }) => s.name)).toEqual(['A', 'b', 'Zulu', 'éa', 'Éb']);
    });

    it('creates an IPv6 subnet stored in RFC 5952 form with its prefixLength', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'Lab');
      const created = await postSubnet(me, group.id, '2001:0DB8:0000:0000:0000:0000:0000:01ff/120');
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ version: 6, networkIP: '2001:db8::100', prefixLength: 120 });
      expect(created.body).not.toHaveProperty('bits');
    });

    it('names each missing or invalid field with the spec message', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const valid = { name: 'N', vlanId: 1, groupId: group.id, networkIP: '10.9.0.0', bits: 24 };
      const v6 = { name: 'N', vlanId: 1, groupId: group.id, networkIP: '2001:db8::', prefixLength: 120 };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...valid, name: '   ' }, 'name', messages.subnetNameRequired],
        [{ ...valid, vlanId: undefined }, 'vlanId', messages.vlanIdRequired],
        [{ ...valid, vlanId: 0 }, 'vlanId', messages.vlanIdRange],
        [{ ...valid, groupId: '' }, 'groupId', messages.groupRequired],
        [{ ...valid, networkIP: '' }, 'networkIP', messages.networkIpRequired],
        [{ ...valid, networkIP: '10.0.0.01' }, 'networkIP', messages.invalidIPv4],
        [{ ...valid, networkIP: '256.1.1.0' }, 'networkIP', messages.invalidIPv4],
        [{ ...valid, networkIP: '10.0.0' }, 'networkIP', messages.invalidIPv4],
        [{ ...valid, bits: undefined }, 'bits', messages.bitsRequired],
        [{ ...valid, bits: 33 }, 'bits', messages.ipv4CidrRange],
        [{ ...valid, bits: 24.5 }, 'bits', messages.invalidCidrBits],
        [{ ...valid, scanningType: 'approval' }, 'scanFrequency', messages.scanFrequencyRequired],
        [
          { ...valid, scanningType: 'auto', scanFrequency: null },
          'scanFrequency',
          messages.scanFrequencyRequired,
        ],
        [
          { ...valid, scanningType: 'auto', scanFrequency: 0 },
          'scanFrequency',
          messages.scanFrequencyInvalid,
        ],
        [{ ...valid, scanningType: 'weekly' }, 'scanningType', messages.scanningTypeInvalid],
        [{ ...v6, networkIP: '2001:db8::1::2' }, 'networkIP', messages.invalidIPv6],
        [{ ...v6, networkIP: '1:2:3:4:5:6:7:8:9' }, 'networkIP', messages.invalidIPv6],
        [
          { ...v6, prefixLength: undefined, networkIP: 'fd00::' },
          'prefixLength',
          messages.prefixLengthRequired,
        ],
        [{ ...v6, prefixLength: 129 }, 'prefixLength', messages.ipv6CidrRange],
        [{ ...v6, prefixLength: 120.5 }, 'prefixLength', messages.invalidPrefixLength],
      ];
      for (const [body, field, message] of cases) {
        const response = await me.call('POST', '/subnets', body);
        expect({ field, status: response.status, message: response.body.fields?.[field] }).toEqual({
          field,
          status: 400,
          message,
        });
      }
      const foreignGroup = await postGroup(await accountSession(t.current), 'Theirs');
      const response = await me.call('POST', '/subnets', { ...valid, groupId: foreignGroup.id });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ groupId: messages.groupNotFound });
      const unknown = await me.call('POST', '/subnets', { ...valid, owner: 'me' });
      expect(unknown.status).toBe(400);
      expect((await me.call('GET', '/subnets')).body.items).toEqual([]);
    });

    it('stores the scan frequency for approval/auto and null for none', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const auto = await postSubnet(me, group.id, '10.1.0.0/24', { scanningType: 'auto', scanFrequency: 48 });
      expect(auto.body).toMatchObject({ scanningType: 'auto', scanFrequency: 48, scanNow: false });
      const none = await postSubnet(me, group.id, '10.2.0.0/24', { scanningType: 'none', scanFrequency: 5 });
      expect(none.body).toMatchObject({ scanningType: 'none', scanFrequency: null });
    });

    it('keeps the Free tier to /24–/32 and IPv4, and paid tiers to /8–/32 and IPv6 /104–/124', async () => {
      const me = await accountSession(t.current, { maxnetworks: 100 });
      const group = await postGroup(me, 'G');
      const tooBig = await postSubnet(me, group.id, '10.0.0.0/23');
      expect(tooBig.status).toBe(403);
      expect(tooBig.body).toMatchObject({
        code: 'prefix_not_in_tier',
        error: messages.ipv4PrefixNotInTier(24, 32),
      });
      expect((await postSubnet(me, group.id, '10.0.1.0/24')).status).toBe(201);
      expect((await postSubnet(me, group.id, '10.0.2.7/32')).status).toBe(201);
      const v6 = await postSubnet(me, group.id, '2001:db8::/120');
      expect(v6.status).toBe(403);
      expect(v6.body).toEqual({ error: messages.ipv6NotInTier, code: 'ipv6_not_in_tier' });

      await setTier(t.current.db, me.accountId, 1, 100);
      expect((await postSubnet(me, group.id, '11.0.0.0/7')).status).toBe(403);
      expect((await postSubnet(me, group.id, '12.0.0.0/8')).body).toMatchObject({
        networkIP: '12.0.0.0',
        bits: 8,
      });
      const v6Short = await postSubnet(me, group.id, '2001:db8::/103');
      expect(v6Short.body).toMatchObject({
        code: 'prefix_not_in_tier',
        error: messages.ipv6PrefixNotInTier(104, 124),
      });
      expect((await postSubnet(me, group.id, '2001:db8:1::/125')).status).toBe(403);
      expect((await postSubnet(me, group.id, '2001:db8:2::/104')).status).toBe(201);
      expect((await postSubnet(me, group.id, '2001:db8:3::/124')).status).toBe(201);
    });

    it('refuses a subnet past the limit with the spec message (403), read fresh after a tier change', async () => {
      const me = await accountSession(t.current);
      const group = await postGroup(me, 'G');
      expect((await postSubnet(me, group.id, '192.168.1.0/24')).status).toBe(201);
      expect((await postSubnet(me, group.id, '192.168.2.0/24')).status).toBe(201);
      const third = await postSubnet(me, group.id, '192.168.3.0/24');
      expect(third.status).toBe(403);
      expect(third.body).toEqual({ error: messages.subnetLimitReached(2), code: 'subnet_limit_reached' });
      await setTier(t.current.db, me.accountId, 1);
      expect((await postSubnet(me, group.id, '192.168.3.0/24')).status).toBe(201);
      expect((await me.call('GET', '/subnets')).body.items).toHaveLength(3);
    });

    it('lets only one of two creates at the limit through at the same time', async () => {
      const me = await accountSession(t.current, { tier: 1, maxnetworks: 1 });
      const group = await postGroup(me, 'G');
      const results = await Promise.all([
        postSubnet(me, group.id, '172.16.1.0/24'),
        postSubnet(me, group.id, '172.16.2.0/24'),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
      expect((await me.call('GET', '/subnets')).body.items).toHaveLength(1);
    });

    it('refuses an overlapping subnet of the same version with 409 naming the other subnet', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      await postSubnet(me, group.id, '10.0.0.0/24', { name: 'Core' });
      for (const cidr of ['10.0.0.128/25', '10.0.0.0/24', '10.0.0.0/16', '10.0.0.255/32']) {
        const response = await postSubnet(me, group.id, cidr);
        expect({ cidr, status: response.status, body: response.body }).toEqual({
          cidr,
          status: 409,
          body: {
            error: messages.subnetOverlaps('Core', '10.0.0.0/24'),
            code: 'subnet_overlap',
            fields: { networkIP: messages.subnetOverlaps('Core', '10.0.0.0/24') },
          },
        });
      }
      expect((await postSubnet(me, group.id, '10.0.1.0/24')).status).toBe(201);
      // The same numbers as IPv6 (::a00:0/120) are another version: no conflict.
      expect((await postSubnet(me, group.id, '::a00:0/120')).status).toBe(201);
      await postSubnet(me, group.id, '2001:db8::/112', { name: 'V6' });
      const v6 = await postSubnet(me, group.id, '2001:db8::ff00/120');
      expect(v6.body.error).toBe(messages.subnetOverlaps('V6', '2001:db8::/112'));
      // Another account may use the same range.
      const other = await accountSession(t.current);
      expect((await postSubnet(other, (await postGroup(other, 'G')).id, '10.0.0.0/24')).status).toBe(201);
    });

    it('lets only one of two overlapping creates through at the same time', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const results = await Promise.all([
        postSubnet(me, group.id, '10.50.0.0/24'),
        postSubnet(me, group.id, '10.50.0.0/25'),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    });
  });
}
