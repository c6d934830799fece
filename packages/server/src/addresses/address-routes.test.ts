import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { pageAudit } from '../audit/audit-repository.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { createSubnetIn, inUseFields, injectAs, ipsOf, tierOnePerson } from '../../test/ipam-factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`address write routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('writes an address with who and when, stores texts as given, and refuses what is not a host address', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.4.0.0/28');
      const put = (ip: string, body: unknown) =>
        injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/${encodeURIComponent(ip)}`, body);
      const before = new Date().toISOString();
      const hostname = 'OBrien-PC.example';
      const written = await put(' 10.4.0.9 ', {
        status: 'Reserved',
        hostname: `${hostname}.`, // a fully qualified name is stored without its trailing dot
        description: `=SUM(A1) <script>alert(1)</script> <b>"O'Brien"</b> & co`,
        allowScannerUpdate: false,
      });
      expect(written.status).toBe(200);
      expect(written.body).toEqual({
        id: expect.any(String),
        ipAddress: '10.4.0.9',
        status: 'Reserved',
        hostname,
        description: `=SUM(A1) <script>alert(1)</script> <b>"O'Brien"</b> & co`,
        allowScannerUpdate: false,
        updatedDate: expect.any(String),
        updatedBy: me.userId,
        mac: null,
        firstSeen: null,
        lastSeen: null,
        lastSeenBy: null,
        previousMac: null,
        macChangedAt: null,
      });
      expect(written.body.updatedDate >= before).toBe(true);
      const listed = await injectAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?q=10.4.0.9`);
      expect(listed.body.items).toEqual([written.body]);
      // A PUT is the whole record: left-out fields take their defaults.
      const again = await put('10.4.0.9', { status: 'In Use' });
      expect(again.body).toMatchObject({ id: written.body.id, hostname: '', allowScannerUpdate: true });

      const cidr = '10.4.0.0/28';
      const refusals: [string, unknown, number, string][] = [
        ['10.4.0.0', inUseFields('x'), 400, messages.networkAddressNotHost('10.4.0.0', cidr)],
        ['10.4.0.15', inUseFields('x'), 400, messages.broadcastAddressNotHost('10.4.0.15', cidr)],
        ['10.4.0.16', inUseFields('x'), 400, messages.addressOutsideSubnet(cidr)],
        ['2001:db8::1', inUseFields('x'), 400, messages.addressOutsideSubnet(cidr)],
        ['10.4.0.300', inUseFields('x'), 400, messages.invalidIPv4],
        ['010.4.0.1', inUseFields('x'), 400, messages.invalidIPv4],
        ['10.4.0.1', { ...inUseFields('x'), status: 'Broken' }, 400, messages.addressStatusInvalid],
        ['10.4.0.1', inUseFields('h'.repeat(254)), 400, messages.tooLong('Hostname', 253)],
        ['10.4.0.1', inUseFields(`<b>"O'Brien"</b>`), 400, messages.hostnameCharacter('"<"')],
        ['10.4.0.1', inUseFields('web..lan'), 400, messages.hostnameEmptyLabel],
        ['10.4.0.1', inUseFields('h', 'd'.repeat(501)), 400, messages.tooLong('Description', 500)],
        [
          '10.4.0.1',
          { ...inUseFields('x'), allowScannerUpdate: 'yes' },
          400,
          messages.mustBeTrueOrFalse('Allow scanner update'),
        ],
      ];
      for (const [ip, body, status, message] of refusals) {
        const response = await put(ip, body);
        expect(response.status, ip).toBe(status);
        expect(response.body.error, ip).toBe(message);
      }
      expect((await put('10.4.0.1', { ...inUseFields('x'), owner: 'me' })).status).toBe(400);
      const longest = `${'h'.repeat(63)}.`.repeat(3) + 'h'.repeat(61); // 253 characters
      expect((await put('10.4.0.1', inUseFields(longest))).status).toBe(200);
      const used = await injectAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?filter=in-use`);
      expect(ipsOf(used.body)).toEqual(['10.4.0.1', '10.4.0.9']);

      // On /31 and /32 every address is a host (RFC 3021).
      const pair = await createSubnetIn(me.ctx, '10.4.1.0/31');
      const single = await createSubnetIn(me.ctx, '10.4.2.7/32');
      for (const [id, ip] of [
        [pair.id, '10.4.1.0'],
        [pair.id, '10.4.1.1'],
        [single.id, '10.4.2.7'],
      ] as const) {
        expect(
          (await injectAs(t.current, me, 'PUT', `/subnets/${id}/addresses/${ip}`, inUseFields('p'))).status,
          ip,
        ).toBe(200);
      }
      const pairList = await injectAs(t.current, me, 'GET', `/subnets/${pair.id}/addresses`);
      expect(pairList.body).toMatchObject({ total: 2, usedPercent: 100 });
    });

    it('clears an address as the spec says and records every write in the audit log', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.5.0.0/29');
      const path = `/subnets/${subnet.id}/addresses`;
      const written = await injectAs(
        t.current,
        me,
        'PUT',
        `${path}/10.5.0.3`,
        inUseFields('printer', '2nd floor'),
      );
      const cleared = await injectAs(t.current, me, 'POST', `${path}/10.5.0.3/clear`, {});
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
      const fresh = await injectAs(t.current, me, 'POST', `${path}/10.5.0.4/clear`, {});
      expect(fresh.body).toMatchObject({ id: expect.any(String), allowScannerUpdate: false });
      const available = await injectAs(t.current, me, 'GET', `${path}?filter=available`);
      expect(available.body.total).toBe(6);
      expect(available.body.items[2]).toMatchObject({ ipAddress: '10.5.0.3', allowScannerUpdate: false });
      expect((await injectAs(t.current, me, 'POST', `${path}/10.5.0.7/clear`, {})).status).toBe(400);
      expect((await injectAs(t.current, me, 'POST', `${path}/10.5.0.3/clear`, { force: true })).status).toBe(
        400,
      );

      const audit = await pageAudit(t.current.db, me.accountId, { limit: 50 });
      const addressEntries = audit.filter((entry) => entry.entity === 'address');
      expect(addressEntries.map((entry) => entry.entityId).sort()).toEqual([
        '10.5.0.3',
        '10.5.0.3',
        '10.5.0.4',
      ]);
      expect(addressEntries.every((entry) => entry.userId === me.userId)).toBe(true);
    });

    it("answers 404 for another account's subnet or address and changes nothing", async () => {
      const owner = await tierOnePerson(t.current);
      const stranger = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(owner.ctx, '10.6.0.0/24');
      await injectAs(
        t.current,
        owner,
        'PUT',
        `/subnets/${subnet.id}/addresses/10.6.0.1`,
        inUseFields('mine'),
      );
      const path = `/subnets/${subnet.id}/addresses`;
      // Through the stranger's own account: the subnet id is not theirs.
      const attempts = [
        await injectAs(t.current, stranger, 'GET', path),
        await injectAs(t.current, stranger, 'PUT', `${path}/10.6.0.1`, inUseFields('theirs')),
        await injectAs(t.current, stranger, 'POST', `${path}/10.6.0.1/clear`, {}),
        // Through the owner's account id: not a member.
        await injectAs(t.current, stranger, 'GET', path, undefined, owner.accountId),
        await injectAs(
          t.current,
          stranger,
          'PUT',
          `${path}/10.6.0.1`,
          inUseFields('theirs'),
          owner.accountId,
        ),
        await injectAs(t.current, stranger, 'POST', `${path}/10.6.0.1/clear`, {}, owner.accountId),
        // A subnet id that does not exist.
        await injectAs(t.current, owner, 'GET', '/subnets/no-such-subnet/addresses'),
      ];
      for (const attempt of attempts)
        expect(attempt).toMatchObject({ status: 404, body: { error: messages.notFound } });
      const after = await injectAs(t.current, owner, 'GET', `${path}?filter=in-use`);
      expect(after.body.items).toEqual([
        expect.objectContaining({ ipAddress: '10.6.0.1', hostname: 'mine' }),
      ]);
    });

    it('lists an IPv6 /104 and writes addresses typed in any valid form under their RFC 5952 text', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '2001:DB8:0:0:0:0:AB00:0/104');
      const path = `/subnets/${subnet.id}/addresses`;
      const first = await injectAs(t.current, me, 'GET', `${path}?limit=2`);
      expect(ipsOf(first.body)).toEqual(['2001:db8::ab00:0', '2001:db8::ab00:1']);
      expect(first.body).toMatchObject({ total: 16_777_216, nextCursor: '2001:db8::ab00:1' });

      const forms = ['2001:0DB8:0000::AB12:0034', '2001:db8:0:0:0:0:ab12:34', '2001:db8::ab12:34'];
      const writes = [];
      for (const [i, form] of forms.entries()) {
        writes.push(
          await injectAs(
            t.current,
            me,
            'PUT',
            `${path}/${encodeURIComponent(form)}`,
            inUseFields(`host-${i}`),
          ),
        );
      }
      expect(writes.map((w) => w.status)).toEqual([200, 200, 200]);
      expect(new Set(writes.map((w) => w.body.id)).size).toBe(1);
      expect(writes.map((w) => w.body.ipAddress)).toEqual(Array(3).fill('2001:db8::ab12:34'));

      const around = await injectAs(
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
      const search = await injectAs(t.current, me, 'GET', `${path}?q=AB12:3&limit=3`);
      expect(search.body.total).toBe(4369);
      expect(ipsOf(search.body)).toEqual(['2001:db8::ab12:3', '2001:db8::ab12:30', '2001:db8::ab12:31']);
      const used = await injectAs(t.current, me, 'GET', `${path}?filter=in-use`);
      expect(used.body).toMatchObject({ total: 1, usedPercent: 0 });

      const refusals: [string, string][] = [
        ['2001:db8::1', messages.addressOutsideSubnet('2001:db8::ab00:0/104')],
        ['10.0.0.1', messages.addressOutsideSubnet('2001:db8::ab00:0/104')],
        ['2001:db8::ab12:34%eth0', messages.invalidIPv6],
        ['2001:db8:::ab12:34', messages.invalidIPv6],
        ['not-an-address', messages.invalidIPv6],
      ];
      for (const [ip, message] of refusals) {
        const response = await injectAs(
          t.current,
          me,
          'PUT',
          `${path}/${encodeURIComponent(ip)}`,
          inUseFields('x'),
        );
        expect(response, ip).toMatchObject({ status: 400, body: { error: message } });
      }
      // The whole /104 is listed: its first and last addresses are hosts.
      expect(
        (await injectAs(t.current, me, 'PUT', `${path}/2001:db8::abff:ffff`, inUseFields('last'))).status,
      ).toBe(200);
      expect(
        (await injectAs(t.current, me, 'PUT', `${path}/2001:db8::ab00:0`, inUseFields('first'))).status,
      ).toBe(200);
    });
  });
}
