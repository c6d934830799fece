import { expect, it } from 'vitest';
import { SEARCH_ADDRESSES_PER_SUBNET, SEARCH_MAX_ADDRESSES, SEARCH_MAX_SUBNETS } from '@ipam/core/api/search';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { createSubnetIn, inUseFields, injectAs, tierOnePerson } from '../../test/ipam-factories.js';
import { insertAddressRows } from '../addresses/address-write-repository.js';
import { createVrf } from '../vrfs/vrfs.js';
import { searchAccount } from './search.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`search across subnets (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('finds hostnames and descriptions in every subnet, per subnet in name order, addresses in numeric order', async () => {
      const me = await tierOnePerson(t.current);
      const office = await createSubnetIn(me.ctx, '10.1.0.0/24', { name: 'Office' });
      const lab = await createSubnetIn(me.ctx, '10.2.0.0/24', { name: 'Lab' });
      const put = (subnetId: string, ip: string, hostname: string, description = '') =>
        injectAs(
          t.current,
          me,
          'PUT',
          `/subnets/${subnetId}/addresses/${ip}`,
          inUseFields(hostname, description),
        );
      await put(office.id, '10.1.0.20', 'WEB01.example');
      await put(office.id, '10.1.0.3', 'web02');
      await put(lab.id, '10.2.0.9', 'db', 'serves the WEB shop');
      await put(lab.id, '10.2.0.10', 'mail');

      const response = await injectAs(t.current, me, 'GET', '/search?q=web0');
      expect(response.status).toBe(200);
      expect(response.body.subnets.map((s: { name: string }) => s.name)).toEqual(['Office']);
      const [found] = response.body.subnets;
      expect(found).toMatchObject({
        id: office.id,
        cidr: '10.1.0.0/24',
        isSubnetMatch: false,
        addressTotal: 2,
      });
      expect(found.addresses.map((a: { ipAddress: string }) => a.ipAddress)).toEqual([
        '10.1.0.3',
        '10.1.0.20',
      ]);
      expect(found.addresses[1]).toMatchObject({ hostname: 'WEB01.example', status: 'In Use' });
      expect(response.body.isTruncated).toBe(false);

      // Case-insensitive, hostnames and descriptions alike; subnets in name order (Lab before Office).
      // LIKE's wildcards are plain characters in a search.
      for (const wildcard of ['%', '_', 'web_1']) {
        const literal = await injectAs(t.current, me, 'GET', `/search?q=${encodeURIComponent(wildcard)}`);
        expect(literal.body.subnets).toEqual([]);
      }

      const web = await injectAs(t.current, me, 'GET', '/search?q=%20Web%20');
      expect(web.body.q).toBe('Web');
      expect(
        web.body.subnets.map((s: { name: string; addressTotal: number }) => [s.name, s.addressTotal]),
      ).toEqual([
        ['Lab', 1],
        ['Office', 2],
      ]);
    });

    it('finds never-written addresses by their address text, and subnets by name and network', async () => {
      const me = await tierOnePerson(t.current);
      const big = await createSubnetIn(me.ctx, '10.8.0.0/16', { name: 'Campus' });
      await createSubnetIn(me.ctx, '192.168.5.0/24', { name: 'Branch office', description: 'Lyon' });
      await injectAs(t.current, me, 'PUT', `/subnets/${big.id}/addresses/10.8.7.7`, inUseFields('printer'));

      const exact = await injectAs(t.current, me, 'GET', '/search?q=10.8.200.1');
      expect(exact.status).toBe(200);
      const [campus] = exact.body.subnets;
      expect(campus).toMatchObject({ name: 'Campus', isSubnetMatch: true });
      // 10.8.200.1 and 10.8.200.10-19 and 10.8.200.100-199: 1 + 10 + 100.
      expect(campus.addressTotal).toBe(111);
      expect(campus.addresses[0]).toEqual({
        id: null,
        ipAddress: '10.8.200.1',
        status: 'Available',
        hostname: '',
        description: '',
      });
      expect(campus.addresses).toHaveLength(SEARCH_ADDRESSES_PER_SUBNET);
      expect(exact.body.isTruncated).toBe(true);

      // A written address among never-written ones: counted once, shown with its data, in order.
      const partial = await injectAs(t.current, me, 'GET', '/search?q=10.8.7.7');
      const rows = partial.body.subnets[0].addresses;
      expect(rows.slice(0, 2)).toMatchObject([
        { ipAddress: '10.8.7.7', hostname: 'printer', id: expect.any(String) },
        { ipAddress: '10.8.7.70', id: null },
      ]);
      expect(partial.body.subnets[0].addressTotal).toBe(11);

      const byName = await injectAs(t.current, me, 'GET', '/search?q=OFFICE');
      expect(byName.body.subnets).toMatchObject([
        { name: 'Branch office', isSubnetMatch: true, addressTotal: 0, addresses: [] },
      ]);
      const byNetwork = await injectAs(t.current, me, 'GET', '/search?q=192.168.5.0/24');
      expect(byNetwork.body.subnets).toMatchObject([{ name: 'Branch office', isSubnetMatch: true }]);
      const byDescription = await injectAs(t.current, me, 'GET', '/search?q=lyon');
      expect(byDescription.body.subnets.map((s: { name: string }) => s.name)).toEqual(['Branch office']);
    });

    it('finds IPv6 addresses written in any valid form', async () => {
      const me = await tierOnePerson(t.current);
      const v6 = await createSubnetIn(me.ctx, '2001:db8::/120', { name: 'Six' });
      await injectAs(t.current, me, 'PUT', `/subnets/${v6.id}/addresses/2001:db8::a`, inUseFields('v6host'));
      const response = await injectAs(t.current, me, 'GET', '/search?q=2001:DB8:0:0::A');
      // The canonical text 2001:db8::a is in ::a itself and ::a0 … ::af.
      expect(response.body.subnets).toMatchObject([{ name: 'Six', isSubnetMatch: true, addressTotal: 17 }]);
      expect(response.body.subnets[0].addresses[0]).toMatchObject({
        ipAddress: '2001:db8::a',
        hostname: 'v6host',
      });
      expect(response.body.subnets[0].addresses[1]).toMatchObject({ ipAddress: '2001:db8::a0', id: null });
    });

    it('caps the answer: at most 20 addresses per subnet and 200 in all, with the totals', async () => {
      const me = await tierOnePerson(t.current);
      for (let n = 0; n < 12; n++) {
        const subnet = await createSubnetIn(me.ctx, `10.50.${n}.0/24`, {
          name: `Rack ${String(n).padStart(2, '0')}`,
        });
        const rows = Array.from({ length: 30 }, (_, i) => ({
          status: 'In Use' as const,
          hostname: `node-${n}-${i}`,
          description: '',
          allowScannerUpdate: true,
          value: BigInt((10 << 24) | (50 << 16) | (n << 8) | (i + 1)),
          updatedDate: new Date().toISOString(),
          updatedBy: me.userId,
        }));
        await insertAddressRows(t.current.db, me.accountId, { id: subnet.id, version: 4 }, rows);
      }
      const response = await injectAs(t.current, me, 'GET', '/search?q=node-');
      const shown = response.body.subnets.reduce(
        (sum: number, s: { addresses: unknown[] }) => sum + s.addresses.length,
        0,
      );
      expect(shown).toBe(SEARCH_MAX_ADDRESSES);
      expect(response.body.subnets).toHaveLength(SEARCH_MAX_ADDRESSES / SEARCH_ADDRESSES_PER_SUBNET);
      expect(response.body.subnets[0]).toMatchObject({ name: 'Rack 00', addressTotal: 30 });
      expect(response.body.subnets[0].addresses).toHaveLength(SEARCH_ADDRESSES_PER_SUBNET);
      expect(response.body.isTruncated).toBe(true);
    });

    it('lists at most 200 subnets that match by name, and walks every leaf in name order for address text (issue 35)', async () => {
      const me = await tierOnePerson(t.current);
      // More leaves than one page of the walk (250), made out of name order.
      for (let i = 259; i >= 0; i--) {
        await createSubnetIn(me.ctx, `10.60.${i >> 4}.${(i & 15) << 4}/28`, {
          name: `Lab ${String(i).padStart(3, '0')}`,
        });
      }
      const last = await createSubnetIn(me.ctx, '172.16.99.0/28', { name: 'zz last' });

      const byName = await injectAs(t.current, me, 'GET', '/search?q=LAB');
      expect(byName.body.subnets).toHaveLength(SEARCH_MAX_SUBNETS);
      expect(byName.body.subnets.at(0)).toMatchObject({
        name: 'Lab 000',
        isSubnetMatch: true,
        addressTotal: 0,
      });
      expect(byName.body.subnets.at(-1)).toMatchObject({ name: 'Lab 199' });
      expect(byName.body.isTruncated).toBe(true);

      // Only the last leaf by name holds addresses with this text: the walk reads past its first page.
      const byText = await injectAs(t.current, me, 'GET', '/search?q=172.16.99');
      expect(byText.body.subnets).toEqual([
        expect.objectContaining({ id: last.id, isSubnetMatch: true, addressTotal: 14 }),
      ]);
      expect(byText.body.subnets[0].addresses.map((a: { ipAddress: string }) => a.ipAddress)).toEqual(
        Array.from({ length: 14 }, (_, i) => `172.16.99.${i + 1}`),
      );
      expect(byText.body.isTruncated).toBe(false);

      // Three dots pin the text to 172.16.99.0/24 (and its IPv4-mapped twin): the leaves there are read
      // by range, and a written hostname holding the text elsewhere is found all the same.
      const lab7 = byName.body.subnets.find((s: { name: string }) => s.name === 'Lab 007');
      await injectAs(
        t.current,
        me,
        'PUT',
        `/subnets/${lab7.id}/addresses/10.60.0.113`,
        inUseFields('gw-172.16.99.1'),
      );
      const ranged = await injectAs(t.current, me, 'GET', '/search?q=172.16.99.1');
      expect(
        ranged.body.subnets.map((s: { name: string; addressTotal: number }) => [s.name, s.addressTotal]),
      ).toEqual([
        ['Lab 007', 1],
        // 172.16.99.1 and .10–.14 (the /28 ends at .14).
        ['zz last', 6],
      ]);
      expect(ranged.body.isTruncated).toBe(false);

      // A walk stopped short says so, and still lists what matches by itself, with its count.
      const cut = await searchAccount(t.current.db, me.accountId, '172.16.99', undefined, {
        maxWalkedLeaves: 250,
      });
      expect(cut.isTruncated).toBe(true);
      expect(cut.subnets.map((s) => [s.name, s.addressTotal, s.addresses.length])).toEqual([
        ['Lab 007', 1, 1], // within the first page
        ['zz last', 14, 0], // past it: its own match, counted, no room
      ]);

      // A hostname search walks the first page, then counts the rest of the account at once.
      await injectAs(t.current, me, 'PUT', `/subnets/${last.id}/addresses/172.16.99.9`, inUseFields('gw-zz'));
      const hosts = await searchAccount(t.current.db, me.accountId, 'GW-', undefined, { leafPage: 100 });
      expect(hosts.subnets.map((s) => [s.name, s.addresses.map((a) => a.hostname)])).toEqual([
        ['Lab 007', ['gw-172.16.99.1']],
        ['zz last', ['gw-zz']],
      ]);
      expect(hosts.isTruncated).toBe(false);

      // Two characters have no trigram: such a text walks the leaves page by page, capped like an
      // address text that could be anywhere.
      await injectAs(t.current, me, 'PUT', `/subnets/${last.id}/addresses/172.16.99.8`, inUseFields('qz'));
      const short = await searchAccount(t.current.db, me.accountId, 'QZ', undefined, { leafPage: 100 });
      expect(short.subnets.map((s) => [s.name, s.addresses.map((a) => a.hostname)])).toEqual([
        ['zz last', ['qz']],
      ]);
      expect(short.isTruncated).toBe(false);
      const shortCut = await searchAccount(t.current.db, me.accountId, 'qz', undefined, {
        leafPage: 100,
        maxWalkedLeaves: 200,
      });
      expect(shortCut).toMatchObject({ subnets: [], isTruncated: true });

      // Subnets matching such a text by name are looked for among as many subnets, first by name.
      const named = await createSubnetIn(me.ctx, '10.0.0.0/8', { name: 'zz qz site', kind: 'container' });
      const ownShort = await searchAccount(t.current.db, me.accountId, 'qz', undefined, { leafPage: 100 });
      expect(ownShort.subnets.map((s) => [s.name, s.isSubnetMatch])).toEqual([
        ['zz last', false],
        ['zz qz site', true],
      ]);
      expect(ownShort.isTruncated).toBe(false);
      const ownCut = await searchAccount(t.current.db, me.accountId, 'qz', undefined, {
        leafPage: 100,
        maxWalkedLeaves: 261,
      });
      expect(ownCut.subnets.map((s) => s.id)).toEqual([last.id]);
      expect(ownCut.isTruncated).toBe(true);
      expect(named.kind).toBe('container');
    });

    it("names each subnet's VRF, narrows to one VRF when asked, and finds containers by name only", async () => {
      const me = await tierOnePerson(t.current);
      const lab = await createVrf(me.ctx, { name: 'Lab', rd: null, description: '' });
      const global = await createSubnetIn(me.ctx, '10.5.0.0/24', { name: 'Shared LAN' });
      const inLab = await createSubnetIn(me.ctx, '10.5.0.0/24', { name: 'Shared LAN', vrfId: lab.id });
      await createSubnetIn(me.ctx, '10.0.0.0/8', { name: 'Shared site', kind: 'container' });
      const put = (subnetId: string, ip: string) =>
        injectAs(t.current, me, 'PUT', `/subnets/${subnetId}/addresses/${ip}`, inUseFields('shared-host'));
      await put(global.id, '10.5.0.7');
      await put(inLab.id, '10.5.0.7');
      const all = await injectAs(t.current, me, 'GET', '/search?q=shared');
      expect(
        all.body.subnets
          .map((s: { name: string; vrfName: string; kind: string; addressTotal: number }) => [
            s.name,
            s.vrfName,
            s.kind,
            s.addressTotal,
          ])
          .sort((a: string[], b: string[]) => a.join().localeCompare(b.join())),
      ).toEqual([
        ['Shared LAN', 'Global', 'leaf', 1],
        ['Shared LAN', 'Lab', 'leaf', 1],
        ['Shared site', 'Global', 'container', 0],
      ]);
      const onlyLab = await injectAs(t.current, me, 'GET', `/search?q=10.5.0.7&vrfId=${lab.id}`);
      expect(onlyLab.body.subnets.map((s: { id: string }) => s.id)).toEqual([inLab.id]);
    });

    it('puts the searched address itself first when the search is one whole address, written or not', async () => {
      const me = await tierOnePerson(t.current);
      const lab = await createVrf(me.ctx, { name: 'Lab', rd: null, description: '' });
      const campus = await createSubnetIn(me.ctx, '10.20.0.0/16', { name: 'Campus' });
      const labNet = await createSubnetIn(me.ctx, '10.20.0.0/24', { name: 'Lab net', vrfId: lab.id });
      await createSubnetIn(me.ctx, '2001:db8:20::/120', { name: 'Six' });
      await injectAs(t.current, me, 'PUT', `/subnets/${campus.id}/addresses/10.20.0.1`, inUseFields('gw'));
      const search = async (q: string, vrf = '') =>
        (await injectAs(t.current, me, 'GET', `/search?q=${encodeURIComponent(q)}${vrf}`)).body;

      const both = await search('10.20.0.1');
      expect(both.exactMatches).toEqual([
        {
          subnetId: campus.id,
          subnetName: 'Campus',
          cidr: '10.20.0.0/16',
          vrfId: campus.vrfId,
          vrfName: 'Global',
          address: {
            id: expect.any(String),
            ipAddress: '10.20.0.1',
            status: 'In Use',
            hostname: 'gw',
            description: '',
          },
        },
        expect.objectContaining({
          subnetId: labNet.id,
          vrfName: 'Lab',
          address: expect.objectContaining({ id: null, status: 'Available' }),
        }),
      ]);
      // The prefix matches are still listed below it.
      expect(both.subnets.find((s: { id: string }) => s.id === campus.id).addressTotal).toBe(111);
      const onlyLab = await search('10.20.0.1', `&vrfId=${lab.id}`);
      expect(onlyLab.exactMatches.map((m: { subnetId: string }) => m.subnetId)).toEqual([labNet.id]);
      expect((await search('10.20.0.1', '&vrfId=nope')).exactMatches).toEqual([]);

      // IPv6 in any valid form; the never-written address is the virtual Available row.
      const six = await search('2001:DB8:20:0::10');
      expect(six.exactMatches).toMatchObject([
        { subnetName: 'Six', cidr: '2001:db8:20::/120', address: { ipAddress: '2001:db8:20::10', id: null } },
      ]);
      // Not one whole host address: a part of one, a network address, an address in no subnet.
      for (const q of ['10.20.0', '10.20.0.0', '192.0.2.1', 'gw'])
        expect((await search(q)).exactMatches).toEqual([]);
    });

    it("never shows another account's subnets or addresses", async () => {
      const me = await tierOnePerson(t.current);
      const other = await tierOnePerson(t.current);
      const theirs = await createSubnetIn(other.ctx, '10.9.0.0/24', { name: 'Secret net' });
      await injectAs(
        t.current,
        other,
        'PUT',
        `/subnets/${theirs.id}/addresses/10.9.0.5`,
        inUseFields('secret-host'),
      );
      await createSubnetIn(me.ctx, '10.10.0.0/24', { name: 'Mine' });

      for (const q of ['secret', '10.9.0.5', 'Secret net']) {
        const response = await injectAs(t.current, me, 'GET', `/search?q=${encodeURIComponent(q)}`);
        expect(response.status).toBe(200);
        expect(response.body.subnets).toEqual([]);
        expect(response.body.exactMatches).toEqual([]);
      }
      // Their account id is not found for me.
      const foreign = await injectAs(t.current, me, 'GET', '/search?q=secret', undefined, other.accountId);
      expect(foreign.status).toBe(404);
    });

    it('is described in the OpenAPI document with its query and answer', async () => {
      const openapi = await t.current.client().get('/api/openapi.json');
      const operation = openapi.body.paths['/api/accounts/{accountId}/search'].get;
      expect(operation.tags).toEqual(['search']);
      expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('q');
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    });

    it('refuses a missing, empty or too long search with a clear message', async () => {
      const me = await tierOnePerson(t.current);
      for (const query of ['', '?q=', '?q=%20%20']) {
        const response = await injectAs(t.current, me, 'GET', `/search${query}`);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe(messages.searchTextRequired);
      }
      const long = await injectAs(t.current, me, 'GET', `/search?q=${'a'.repeat(501)}`);
      expect(long.status).toBe(400);
      expect(long.body.error).toBe(messages.tooLong('Search', 500));
      const unknown = await injectAs(t.current, me, 'GET', '/search?q=a&limit=5');
      expect(unknown.status).toBe(400);
    });
  });
}
