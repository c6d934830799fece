import { describe, expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { findAccountOfMember, updateTierAndLimits } from '../accounts/account-repository.js';
import { listAudit } from '../audit/audit-repository.js';
import type { ChangeContext } from '../audit/change-context.js';
import { noopEventPublisher } from '../events/event-publisher.js';
import { DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp, type TestApp, type TestClient } from '../../test/factories.js';
import { createSubnetIn } from '../../test/ipam-factories.js';

/** A signed-up user whose account is on tier 1 (a /8 and IPv6 allowed), with a session cookie. */
interface Person {
  client: TestClient;
  cookie: string;
  userId: string;
  accountId: string;
  ctx: ChangeContext;
}

async function person(t: TestApp, email = uniqueEmail()): Promise<Person> {
  const user = await signUp(t, email);
  await updateTierAndLimits(t.db, user.accountId, { tier: 1, maxusers: 5, maxnetworks: 500 });
  const account = await findAccountOfMember(t.db, user.accountId, user.userId);
  if (!account) throw new Error('account not found');
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ctx = { db: t.db, account, userId: user.userId, events: noopEventPublisher };
  return { client: user.client, cookie, userId: user.userId, accountId: user.accountId, ctx };
}

/** One request through app.inject with the person's session, under their account. */
async function call(
  t: TestApp,
  who: Person,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  body?: unknown,
  accountId = who.accountId,
) {
  const response = await t.app.inject({
    method,
    url: `/api/accounts/${accountId}${path}`,
    headers: { cookie: who.cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { payload: JSON.stringify(body ?? {}) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the server, checked by each test
  return { status: response.statusCode, body: response.json() as any };
}

const inUse = (hostname: string, description = '') => ({
  status: 'In Use',
  hostname,
  description,
  allowScannerUpdate: true,
});

const ips = (page: { items: { ipAddress: string }[] }) => page.items.map((item) => item.ipAddress);

for (const dialect of DIALECTS) {
  describe(`address routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('pages through a /8 in numeric order: first page, next pages by cursor, deep and last pages', async () => {
      const me = await person(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.0.0.0/8');
      const list = (query: string) => call(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?${query}`);
      expect(
        (await call(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.0.0.2`, inUse('gw'))).status,
      ).toBe(200);
      const deepWrite = {
        status: 'Reserved',
        hostname: 'vip',
        description: 'keep',
        allowScannerUpdate: false,
      };
      expect(
        (await call(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.200.3.4`, deepWrite)).status,
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
      });
      expect(first.body.items[1]).toMatchObject({
        id: expect.any(String),
        ipAddress: '10.0.0.2',
        hostname: 'gw',
      });
      expect(first.body.items[99].ipAddress).toBe('10.0.0.100');
      expect(first.body).toMatchObject({ total: 16_777_214, usedPercent: 0, nextCursor: '10.0.0.100' });

      // Three pages by cursor cover 10.0.0.1 … 10.0.1.44 without a gap or a repeat (past .255).
      const seen = ips(first.body);
      let cursor = first.body.nextCursor;
      for (let page = 0; page < 2; page++) {
        const next = await list(`cursor=${cursor}`);
        seen.push(...ips(next.body));
        cursor = next.body.nextCursor;
      }
      const expected = Array.from(
        { length: 300 },
        (_, i) => `10.0.${Math.floor((i + 1) / 256)}.${(i + 1) % 256}`,
      );
      expect(seen).toEqual(expected);

      const deep = await list('cursor=10.200.3.2&limit=3');
      expect(ips(deep.body)).toEqual(['10.200.3.3', '10.200.3.4', '10.200.3.5']);
      expect(deep.body.items[1]).toMatchObject({
        status: 'Reserved',
        hostname: 'vip',
        description: 'keep',
        allowScannerUpdate: false,
        updatedBy: me.userId,
      });
      expect(deep.body.nextCursor).toBe('10.200.3.5');

      const last = await list('cursor=10.255.255.250&limit=10');
      expect(ips(last.body)).toEqual([
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
      const me = await person(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.1.1.0/28');
      const put = (ip: string, body: unknown) =>
        call(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/${ip}`, body);
      await put('10.1.1.2', inUse('a'));
      await put('10.1.1.3', inUse('b'));
      await put('10.1.1.9', inUse('c'));
      await put('10.1.1.4', { status: 'Reserved', hostname: '', description: '', allowScannerUpdate: true });
      await put('10.1.1.5', {
        status: 'Available',
        hostname: 'spare',
        description: '',
        allowScannerUpdate: true,
      });
      const list = (query: string) => call(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?${query}`);

      const used = await list('filter=in-use');
      expect(ips(used.body)).toEqual(['10.1.1.2', '10.1.1.3', '10.1.1.9']);
      // 4 of 14 host addresses are In Use or Reserved: 28.6% → 29.
      expect(used.body).toMatchObject({ total: 3, usedPercent: 29, nextCursor: null });

      const available = await list('filter=available&limit=4');
      expect(ips(available.body)).toEqual(['10.1.1.1', '10.1.1.5', '10.1.1.6', '10.1.1.7']);
      expect(available.body.items[1]).toMatchObject({ hostname: 'spare', id: expect.any(String) });
      expect(available.body).toMatchObject({ total: 10, usedPercent: 29, nextCursor: '10.1.1.7' });
      const rest = await list('filter=available&limit=4&cursor=10.1.1.7');
      expect(ips(rest.body)).toEqual(['10.1.1.8', '10.1.1.10', '10.1.1.11', '10.1.1.12']);
      const end = await list('filter=available&limit=4&cursor=10.1.1.12');
      expect(ips(end.body)).toEqual(['10.1.1.13', '10.1.1.14']);
      expect(end.body.nextCursor).toBeNull();

      const all = await list('filter=');
      expect(all.body.total).toBe(14);
      expect(ips(all.body)).toHaveLength(14);
    });

    it('searches address, status, hostname and description case-insensitively, never-written ones too', async () => {
      const me = await person(t.current);
      const subnet = await createSubnetIn(me.ctx, '11.0.0.0/8');
      const put = (ip: string, body: unknown) =>
        call(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/${ip}`, body);
      await put('11.0.5.7', {
        status: 'Reserved',
        hostname: 'Core-Switch',
        description: '',
        allowScannerUpdate: true,
      });
      await put('11.9.0.1', inUse('web-01', 'Rack 50% full_a'));
      await put('11.9.0.2', inUse('db-01', 'WEB backend'));
      await put('11.9.0.3', inUse('BÜRO-Drucker', 'ÉTAGE 2, Straße'));
      const search = (query: string) =>
        call(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?${query}`);

      const block = await search(`q=${encodeURIComponent('11.0.5.')}`);
      expect(block.body.total).toBe(256);
      expect(ips(block.body)).toEqual(Array.from({ length: 100 }, (_, i) => `11.0.5.${i}`));
      expect(block.body.items[7]).toMatchObject({ status: 'Reserved', hostname: 'Core-Switch' });
      const second = await search(`q=11.0.5.&cursor=${block.body.nextCursor}`);
      const third = await search(`q=11.0.5.&cursor=${second.body.nextCursor}`);
      expect([...ips(second.body), ...ips(third.body)]).toEqual(
        Array.from({ length: 156 }, (_, i) => `11.0.5.${i + 100}`),
      );
      expect(third.body.nextCursor).toBeNull();

      expect(ips((await search('q=WEB')).body)).toEqual(['11.9.0.1', '11.9.0.2']);
      expect(ips((await search('q=core-s')).body)).toEqual(['11.0.5.7']);
      expect(ips((await search('q=%20%20Core-S%20')).body)).toEqual(['11.0.5.7']);
      expect((await search('q=%20%20')).body.total).toBe(16_777_214);
      expect(ips((await search('q=in%20use')).body)).toEqual(['11.9.0.1', '11.9.0.2', '11.9.0.3']);
      expect(ips((await search('q=reserv')).body)).toEqual(['11.0.5.7']);
      // Case folds beyond ASCII on both engines; the stored text keeps its case.
      const unicode = await search(`q=${encodeURIComponent('Büro')}`);
      expect(unicode.body.items).toEqual([
        expect.objectContaining({ ipAddress: '11.9.0.3', hostname: 'BÜRO-Drucker' }),
      ]);
      expect(ips((await search(`q=${encodeURIComponent('étage 2')}`)).body)).toEqual(['11.9.0.3']);
      // LIKE wildcards are plain text: "%" and "_" match only where they are written.
      expect(ips((await search('q=%25')).body)).toEqual(['11.9.0.1']);
      expect(ips((await search('q=l_a')).body)).toEqual(['11.9.0.1']);
      expect((await search('q=nothing-like-this')).body).toMatchObject({
        items: [],
        total: 0,
        nextCursor: null,
      });

      // "avail" is in the status of every never-written address.
      const avail = await search('q=AVAIL&limit=3');
      expect(ips(avail.body)).toEqual(['11.0.0.1', '11.0.0.2', '11.0.0.3']);
      expect(avail.body.total).toBe(16_777_214 - 4);
      const inUseSearch = await search('filter=in-use&q=-01');
      expect(ips(inUseSearch.body)).toEqual(['11.9.0.1', '11.9.0.2']);
      const availableSearch = await search('filter=available&q=11.9.0.&limit=3');
      expect(ips(availableSearch.body)).toEqual(['11.9.0.0', '11.9.0.4', '11.9.0.5']);
      expect(availableSearch.body.total).toBe(253);
    });

    it('refuses a bad filter, limit, cursor or query parameter with a message naming it', async () => {
      const me = await person(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.3.0.0/24');
      const list = (query: string) => call(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?${query}`);
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
      ];
      for (const [query, field, message] of cases) {
        const response = await list(query);
        expect(response.status, query).toBe(400);
        expect(response.body, query).toMatchObject({ error: message, code: 'validation_failed' });
        expect(response.body.fields?.[field], query).toBe(message);
      }
      expect((await list('sort=desc')).status).toBe(400);
      expect((await list('cursor=10.3.0.0&limit=1')).body.items[0].ipAddress).toBe('10.3.0.1');
    });

    it('writes an address with who and when, stores texts as given, and refuses what is not a host address', async () => {
      const me = await person(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.4.0.0/28');
      const put = (ip: string, body: unknown) =>
        call(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/${encodeURIComponent(ip)}`, body);
      const before = new Date().toISOString();
      const hostname = `<b>"O'Brien"</b> & co`;
      const written = await put(' 10.4.0.9 ', {
        status: 'Reserved',
        hostname,
        description: '=SUM(A1) <script>alert(1)</script>',
        allowScannerUpdate: false,
      });
      expect(written.status).toBe(200);
      expect(written.body).toEqual({
        id: expect.any(String),
        ipAddress: '10.4.0.9',
        status: 'Reserved',
        hostname,
        description: '=SUM(A1) <script>alert(1)</script>',
        allowScannerUpdate: false,
        updatedDate: expect.any(String),
        updatedBy: me.userId,
      });
      expect(written.body.updatedDate >= before).toBe(true);
      const listed = await call(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?q=10.4.0.9`);
      expect(listed.body.items).toEqual([written.body]);
      // A PUT is the whole record: left-out fields take their defaults.
      const again = await put('10.4.0.9', { status: 'In Use' });
      expect(again.body).toMatchObject({ id: written.body.id, hostname: '', allowScannerUpdate: true });

      const cidr = '10.4.0.0/28';
      const refusals: [string, unknown, number, string][] = [
        ['10.4.0.0', inUse('x'), 400, messages.networkAddressNotHost('10.4.0.0', cidr)],
        ['10.4.0.15', inUse('x'), 400, messages.broadcastAddressNotHost('10.4.0.15', cidr)],
        ['10.4.0.16', inUse('x'), 400, messages.addressOutsideSubnet(cidr)],
        ['2001:db8::1', inUse('x'), 400, messages.addressOutsideSubnet(cidr)],
        ['10.4.0.300', inUse('x'), 400, messages.invalidIPv4],
        ['010.4.0.1', inUse('x'), 400, messages.invalidIPv4],
        ['10.4.0.1', { ...inUse('x'), status: 'Broken' }, 400, messages.addressStatusInvalid],
        ['10.4.0.1', inUse('h'.repeat(254)), 400, messages.tooLong('Hostname', 253)],
        ['10.4.0.1', inUse('h', 'd'.repeat(501)), 400, messages.tooLong('Description', 500)],
        [
          '10.4.0.1',
          { ...inUse('x'), allowScannerUpdate: 'yes' },
          400,
          messages.mustBeTrueOrFalse('Allow scanner update'),
        ],
      ];
      for (const [ip, body, status, message] of refusals) {
        const response = await put(ip, body);
        expect(response.status, ip).toBe(status);
        expect(response.body.error, ip).toBe(message);
      }
      expect((await put('10.4.0.1', { ...inUse('x'), owner: 'me' })).status).toBe(400);
      expect((await put('10.4.0.1', inUse('h'.repeat(253)))).status).toBe(200);
      const used = await call(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?filter=in-use`);
      expect(ips(used.body)).toEqual(['10.4.0.1', '10.4.0.9']);

      // On /31 and /32 every address is a host (RFC 3021).
      const pair = await createSubnetIn(me.ctx, '10.4.1.0/31');
      const single = await createSubnetIn(me.ctx, '10.4.2.7/32');
      for (const [id, ip] of [
        [pair.id, '10.4.1.0'],
        [pair.id, '10.4.1.1'],
        [single.id, '10.4.2.7'],
      ] as const) {
        expect(
          (await call(t.current, me, 'PUT', `/subnets/${id}/addresses/${ip}`, inUse('p'))).status,
          ip,
        ).toBe(200);
      }
      const pairList = await call(t.current, me, 'GET', `/subnets/${pair.id}/addresses`);
      expect(pairList.body).toMatchObject({ total: 2, usedPercent: 100 });
    });

    it('clears an address as the spec says and records every write in the audit log', async () => {
      const me = await person(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.5.0.0/29');
      const path = `/subnets/${subnet.id}/addresses`;
      const written = await call(t.current, me, 'PUT', `${path}/10.5.0.3`, inUse('printer', '2nd floor'));
      const cleared = await call(t.current, me, 'POST', `${path}/10.5.0.3/clear`, {});
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({
        id: written.body.id,
        ipAddress: '10.5.0.3',
        status: 'Available',
        hostname: '',
        description: '',
        allowScannerUpdate: false,
        updatedBy: me.userId,
      });
      // Clearing a never-written address stores it, so scanner updates stay off for it.
      const fresh = await call(t.current, me, 'POST', `${path}/10.5.0.4/clear`, {});
      expect(fresh.body).toMatchObject({ id: expect.any(String), allowScannerUpdate: false });
      const available = await call(t.current, me, 'GET', `${path}?filter=available`);
      expect(available.body.total).toBe(6);
      expect(available.body.items[2]).toMatchObject({ ipAddress: '10.5.0.3', allowScannerUpdate: false });
      expect((await call(t.current, me, 'POST', `${path}/10.5.0.7/clear`, {})).status).toBe(400);
      expect((await call(t.current, me, 'POST', `${path}/10.5.0.3/clear`, { force: true })).status).toBe(400);

      const audit = await listAudit(t.current.db, me.accountId, 50);
      const addressEntries = audit.filter((entry) => entry.entity === 'address');
      expect(addressEntries.map((entry) => entry.entityId).sort()).toEqual([
        '10.5.0.3',
        '10.5.0.3',
        '10.5.0.4',
      ]);
      expect(addressEntries.every((entry) => entry.userId === me.userId)).toBe(true);
    });

    it("answers 404 for another account's subnet or address and changes nothing", async () => {
      const owner = await person(t.current);
      const stranger = await person(t.current);
      const subnet = await createSubnetIn(owner.ctx, '10.6.0.0/24');
      await call(t.current, owner, 'PUT', `/subnets/${subnet.id}/addresses/10.6.0.1`, inUse('mine'));
      const path = `/subnets/${subnet.id}/addresses`;
      // Through the stranger's own account: the subnet id is not theirs.
      const attempts = [
        await call(t.current, stranger, 'GET', path),
        await call(t.current, stranger, 'PUT', `${path}/10.6.0.1`, inUse('theirs')),
        await call(t.current, stranger, 'POST', `${path}/10.6.0.1/clear`, {}),
        // Through the owner's account id: not a member.
        await call(t.current, stranger, 'GET', path, undefined, owner.accountId),
        await call(t.current, stranger, 'PUT', `${path}/10.6.0.1`, inUse('theirs'), owner.accountId),
        await call(t.current, stranger, 'POST', `${path}/10.6.0.1/clear`, {}, owner.accountId),
        // A subnet id that does not exist.
        await call(t.current, owner, 'GET', '/subnets/no-such-subnet/addresses'),
      ];
      for (const attempt of attempts)
        expect(attempt).toMatchObject({ status: 404, body: { error: messages.notFound } });
      const after = await call(t.current, owner, 'GET', `${path}?filter=in-use`);
      expect(after.body.items).toEqual([
        expect.objectContaining({ ipAddress: '10.6.0.1', hostname: 'mine' }),
      ]);
    });

    it('lists an IPv6 /104 and writes addresses typed in any valid form under their RFC 5952 text', async () => {
      const me = await person(t.current);
      const subnet = await createSubnetIn(me.ctx, '2001:DB8:0:0:0:0:AB00:0/104');
      const path = `/subnets/${subnet.id}/addresses`;
      const first = await call(t.current, me, 'GET', `${path}?limit=2`);
      expect(ips(first.body)).toEqual(['2001:db8::ab00:0', '2001:db8::ab00:1']);
      expect(first.body).toMatchObject({ total: 16_777_216, nextCursor: '2001:db8::ab00:1' });

      const forms = ['2001:0DB8:0000::AB12:0034', '2001:db8:0:0:0:0:ab12:34', '2001:db8::ab12:34'];
      const writes = [];
      for (const [i, form] of forms.entries()) {
        writes.push(
          await call(t.current, me, 'PUT', `${path}/${encodeURIComponent(form)}`, inUse(`host-${i}`)),
        );
      }
      expect(writes.map((w) => w.status)).toEqual([200, 200, 200]);
      expect(new Set(writes.map((w) => w.body.id)).size).toBe(1);
      expect(writes.map((w) => w.body.ipAddress)).toEqual(Array(3).fill('2001:db8::ab12:34'));

      const around = await call(
        t.current,
        me,
        'GET',
        `${path}?limit=2&cursor=${encodeURIComponent('2001:DB8::AB12:33')}`,
      );
      expect(
        around.body.items.map((i: { ipAddress: string; hostname: string }) => [i.ipAddress, i.hostname]),
      ).toEqual([
        ['2001:db8::ab12:34', 'host-2'],
        ['2001:db8::ab12:35', ''],
      ]);
      // "ab12:3" starts group 8 with a 3: 1 + 16 + 256 + 4096 addresses, one of them written.
      const search = await call(t.current, me, 'GET', `${path}?q=AB12:3&limit=3`);
      expect(search.body.total).toBe(4369);
      expect(ips(search.body)).toEqual(['2001:db8::ab12:3', '2001:db8::ab12:30', '2001:db8::ab12:31']);
      const used = await call(t.current, me, 'GET', `${path}?filter=in-use`);
      expect(used.body).toMatchObject({ total: 1, usedPercent: 0 });

      const refusals: [string, string][] = [
        ['2001:db8::1', messages.addressOutsideSubnet('2001:db8::ab00:0/104')],
        ['10.0.0.1', messages.addressOutsideSubnet('2001:db8::ab00:0/104')],
        ['2001:db8::ab12:34%eth0', messages.invalidIPv6],
        ['2001:db8:::ab12:34', messages.invalidIPv6],
        ['not-an-address', messages.invalidIPv6],
      ];
      for (const [ip, message] of refusals) {
        const response = await call(t.current, me, 'PUT', `${path}/${encodeURIComponent(ip)}`, inUse('x'));
        expect(response, ip).toMatchObject({ status: 400, body: { error: message } });
      }
      // The whole /104 is listed: its first and last addresses are hosts.
      expect((await call(t.current, me, 'PUT', `${path}/2001:db8::abff:ffff`, inUse('last'))).status).toBe(
        200,
      );
      expect((await call(t.current, me, 'PUT', `${path}/2001:db8::ab00:0`, inUse('first'))).status).toBe(200);
    });
  });
}
