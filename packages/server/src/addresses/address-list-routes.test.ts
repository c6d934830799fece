import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { createSubnetIn, inUseFields, injectAs, ipsOf, tierOnePerson } from '../../test/ipam-factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`address list route (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('pages through a /8 in numeric order: first page, next pages by cursor, deep and last pages', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.0.0.0/8');
      const list = (query: string) =>
        injectAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?${query}`);
      expect(
        (await injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.0.0.2`, inUseFields('gw')))
          .status,
      ).toBe(200);
      const deepWrite = {
        status: 'Reserved',
        hostname: 'vip',
        description: 'keep',
        allowScannerUpdate: false,
      };
      expect(
        (await injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.200.3.4`, deepWrite))
          .status,
      ).toBe(200);

      const first = await list('');
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(100);
      expect(first.body.items[0]).toEqual({
        id: null,
        ipAddress: '10.0.0.1',
        status: 'Available',
        hostname: '',
        description: '',
        allowScannerUpdate: true,
        updatedDate: null,
        updatedBy: null,
        mac: null,
        firstSeen: null,
        lastSeen: null,
        lastSeenBy: null,
        previousMac: null,
        macChangedAt: null,
      });
      expect(first.body.items[1]).toMatchObject({
        id: expect.any(String),
        ipAddress: '10.0.0.2',
        hostname: 'gw',
      });
      expect(first.body.items[99].ipAddress).toBe('10.0.0.100');
      expect(first.body).toMatchObject({ total: 16_777_214, usedPercent: 0, nextCursor: '10.0.0.100' });

      // Three pages by cursor cover 10.0.0.1 … 10.0.1.44 without a gap or a repeat (past .255).
      const seen = ipsOf(first.body);
      let cursor = first.body.nextCursor;
      for (let page = 0; page < 2; page++) {
        const next = await list(`cursor=${cursor}`);
        seen.push(...ipsOf(next.body));
        cursor = next.body.nextCursor;
      }
      const expected = Array.from(
        { length: 300 },
        (_, i) => `10.0.${Math.floor((i + 1) / 256)}.${(i + 1) % 256}`,
      );
      expect(seen).toEqual(expected);

      const deep = await list('cursor=10.200.3.2&limit=3');
      expect(ipsOf(deep.body)).toEqual(['10.200.3.3', '10.200.3.4', '10.200.3.5']);
      expect(deep.body.items[1]).toMatchObject({
        status: 'Reserved',
        hostname: 'vip',
        description: 'keep',
        allowScannerUpdate: false,
        updatedBy: me.userId,
      });
      expect(deep.body.nextCursor).toBe('10.200.3.5');

      const last = await list('cursor=10.255.255.250&limit=10');
      expect(ipsOf(last.body)).toEqual([
        '10.255.255.251',
        '10.255.255.252',
        '10.255.255.253',
        '10.255.255.254',
      ]);
      expect(last.body.nextCursor).toBeNull();
      expect((await list('cursor=10.255.255.254')).body).toMatchObject({ items: [], nextCursor: null });
      expect((await list('limit=1000')).body.items).toHaveLength(1000);
    });

    it('filters In Use and Available (written or never written) and rounds the used percentage', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.1.1.0/28');
      const put = (ip: string, body: unknown) =>
        injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/${ip}`, body);
      await put('10.1.1.2', inUseFields('a'));
      await put('10.1.1.3', inUseFields('b'));
      await put('10.1.1.9', inUseFields('c'));
      await put('10.1.1.4', { status: 'Reserved', hostname: '', description: '', allowScannerUpdate: true });
      await put('10.1.1.5', {
        status: 'Available',
        hostname: 'spare',
        description: '',
        allowScannerUpdate: true,
      });
      const list = (query: string) =>
        injectAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?${query}`);

      const used = await list('filter=in-use');
      expect(ipsOf(used.body)).toEqual(['10.1.1.2', '10.1.1.3', '10.1.1.9']);
      // 4 of 14 host addresses are In Use or Reserved: 28.6% → 29.
      expect(used.body).toMatchObject({ total: 3, usedPercent: 29, nextCursor: null });

      const available = await list('filter=available&limit=4');
      expect(ipsOf(available.body)).toEqual(['10.1.1.1', '10.1.1.5', '10.1.1.6', '10.1.1.7']);
      expect(available.body.items[1]).toMatchObject({ hostname: 'spare', id: expect.any(String) });
      expect(available.body).toMatchObject({ total: 10, usedPercent: 29, nextCursor: '10.1.1.7' });
      const rest = await list('filter=available&limit=4&cursor=10.1.1.7');
      expect(ipsOf(rest.body)).toEqual(['10.1.1.8', '10.1.1.10', '10.1.1.11', '10.1.1.12']);
      const end = await list('filter=available&limit=4&cursor=10.1.1.12');
      expect(ipsOf(end.body)).toEqual(['10.1.1.13', '10.1.1.14']);
      expect(end.body.nextCursor).toBeNull();

      const all = await list('filter=');
      expect(all.body.total).toBe(14);
      expect(ipsOf(all.body)).toHaveLength(14);
    });

    it('searches address, status, hostname and description case-insensitively, never-written ones too', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '11.0.0.0/8');
      const put = (ip: string, body: unknown) =>
        injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/${ip}`, body);
      await put('11.0.5.7', {
        status: 'Reserved',
        hostname: 'Core-Switch',
        description: '',
        allowScannerUpdate: true,
      });
      await put('11.9.0.1', inUseFields('web-01', 'Rack 50% full_a'));
      await put('11.9.0.2', inUseFields('db-01', 'WEB backend'));
      await put('11.9.0.3', inUseFields('Buero-Drucker', 'BÜRO, ÉTAGE 2, Straße'));
      const search = (query: string) =>
        injectAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?${query}`);

      const block = await search(`q=${encodeURIComponent('11.0.5.')}`);
      expect(block.body.total).toBe(256);
      expect(ipsOf(block.body)).toEqual(Array.from({ length: 100 }, (_, i) => `11.0.5.${i}`));
      expect(block.body.items[7]).toMatchObject({ status: 'Reserved', hostname: 'Core-Switch' });
      const second = await search(`q=11.0.5.&cursor=${block.body.nextCursor}`);
      const third = await search(`q=11.0.5.&cursor=${second.body.nextCursor}`);
      expect([...ipsOf(second.body), ...ipsOf(third.body)]).toEqual(
        Array.from({ length: 156 }, (_, i) => `11.0.5.${i + 100}`),
      );
      expect(third.body.nextCursor).toBeNull();

      expect(ipsOf((await search('q=WEB')).body)).toEqual(['11.9.0.1', '11.9.0.2']);
      expect(ipsOf((await search('q=core-s')).body)).toEqual(['11.0.5.7']);
      expect(ipsOf((await search('q=%20%20Core-S%20')).body)).toEqual(['11.0.5.7']);
      expect((await search('q=%20%20')).body.total).toBe(16_777_214);
      expect(ipsOf((await search('q=in%20use')).body)).toEqual(['11.9.0.1', '11.9.0.2', '11.9.0.3']);
      expect(ipsOf((await search('q=reserv')).body)).toEqual(['11.0.5.7']);
      // Case folds beyond ASCII on both engines; the stored text keeps its case.
      const unicode = await search(`q=${encodeURIComponent('Büro')}`);
      expect(unicode.body.items).toEqual([
        expect.objectContaining({ ipAddress: '11.9.0.3', description: 'BÜRO, ÉTAGE 2, Straße' }),
      ]);
      expect(ipsOf((await search(`q=${encodeURIComponent('étage 2')}`)).body)).toEqual(['11.9.0.3']);
      // LIKE wildcards are plain text: "%" and "_" match only where they are written.
      expect(ipsOf((await search('q=%25')).body)).toEqual(['11.9.0.1']);
      expect(ipsOf((await search('q=l_a')).body)).toEqual(['11.9.0.1']);
      expect((await search('q=nothing-like-this')).body).toMatchObject({
        items: [],
        total: 0,
        nextCursor: null,
      });

      // "avail" is in the status of every never-written address.
      const avail = await search('q=AVAIL&limit=3');
      expect(ipsOf(avail.body)).toEqual(['11.0.0.1', '11.0.0.2', '11.0.0.3']);
      expect(avail.body.total).toBe(16_777_214 - 4);
      const inUseSearch = await search('filter=in-use&q=-01');
      expect(ipsOf(inUseSearch.body)).toEqual(['11.9.0.1', '11.9.0.2']);
      const availableSearch = await search('filter=available&q=11.9.0.&limit=3');
      expect(ipsOf(availableSearch.body)).toEqual(['11.9.0.0', '11.9.0.4', '11.9.0.5']);
      expect(availableSearch.body.total).toBe(253);
    });

    it('refuses a bad filter, limit, cursor or query parameter with a message naming it', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.3.0.0/24');
      const list = (query: string) =>
        injectAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?${query}`);
      const limitMessage = messages.pageLimitInvalid(1000);
      const cases: [string, string, string][] = [
        ['filter=used', 'filter', messages.addressFilterInvalid],
        ['limit=0', 'limit', limitMessage],
        ['limit=1001', 'limit', limitMessage],
        ['limit=2.5', 'limit', limitMessage],
        ['limit=ten', 'limit', limitMessage],
        ['cursor=not-an-address', 'cursor', messages.invalidCursor],
        ['cursor=10.3.1.0', 'cursor', messages.cursorNotInSubnet('10.3.0.0/24')],
        ['cursor=2001:db8::1', 'cursor', messages.cursorNotInSubnet('10.3.0.0/24')],
        [`q=${'x'.repeat(501)}`, 'q', messages.tooLong('Search', 500)],
        ['sort=name', 'sort', messages.addressSortInvalid],
        ['sort=hostname&order=up', 'order', messages.sortOrderInvalid],
        ['sort=address&order=desc', 'order', messages.addressOrderAscending],
        ['order=desc', 'order', messages.addressOrderAscending],
      ];
      for (const [query, field, message] of cases) {
        const response = await list(query);
        expect(response.status, query).toBe(400);
        expect(response.body, query).toMatchObject({ error: message, code: 'validation_failed' });
        expect(response.body.fields?.[field], query).toBe(message);
      }
      expect((await list('sort=desc')).status).toBe(400);
      expect((await list('cursor=10.3.0.0&limit=1')).body.items[0].ipAddress).toBe('10.3.0.1');
      await injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.3.0.9`, inUseFields('b-host'));
      await injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.3.0.7`, inUseFields('A-host'));
      const sorted = await list('sort=hostname&order=desc&limit=3');
      expect(sorted.status).toBe(200);
      expect(ipsOf(sorted.body)).toEqual(['10.3.0.9', '10.3.0.7', '10.3.0.1']);
      expect(sorted.body).toMatchObject({ total: 254, nextCursor: '10.3.0.1' });
    });
  });
}
