import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { uniqueEmail, useTestApp } from '../../test/factories.js';
import {
  createSubnetIn,
  injectAs,
  recordingPublisher,
  rowsOfSubnet,
  tierOnePerson,
} from '../../test/ipam-factories.js';
import { rowsOfWorkbook, sendAs, workbookOf, XLSX } from '../../test/table-file-factories.js';

const HEADER =
  'ipAddress,status,hostname,description,allowScannerUpdate,updatedDate,updatedBy,mac,firstSeen,lastSeen,lastSeenBy';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`address import and export (${dialect})`, () => {
    const events = recordingPublisher();
    const t = useTestApp(dialect, {}, { events });

    it('exports written addresses as CSV with neutralised cells, and every address up to a /16', async () => {
      const email = uniqueEmail('exporter');
      const me = await tierOnePerson(t.current, email);
      const subnet = await createSubnetIn(me.ctx, '10.1.0.0/29', { name: 'Lab/1' });
      await injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.1.0.3`, {
        status: 'In Use',
        hostname: 'web-1',
        description: '=HYPERLINK("http://x"), rack 1, "top"',
        allowScannerUpdate: false,
      });
      const csv = await sendAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses/export?format=csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toContain('filename="Lab_1_addresses.csv"');
      const lines = csv.bytes.toString('utf8').split('\r\n');
      expect(lines[0]).toBe(HEADER);
      expect(lines[1]).toMatch(
        /^10\.1\.0\.3,In Use,web-1,"'=HYPERLINK\(""http:\/\/x""\), rack 1, ""top""",false,\d{4}-/,
      );
      // Who changed it, by e-mail (issue 29).
      expect(lines[1]?.endsWith(`,${email},,,,`)).toBe(true);
      expect(lines).toHaveLength(3);

      const all = await sendAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses/export?all=true`);
      const allLines = all.bytes.toString('utf8').trimEnd().split('\r\n');
      expect(allLines.map((line) => line.split(',')[0])).toEqual([
        'ipAddress',
        ...[1, 2, 3, 4, 5, 6].map((host) => `10.1.0.${host}`),
      ]);
      expect(allLines[1]).toBe('10.1.0.1,Available,,,true,,,,,,');

      const xlsx = await sendAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses/export?format=xlsx`);
      expect(xlsx.headers['content-type']).toBe(XLSX);
      const rows = await rowsOfWorkbook(xlsx.bytes);
      expect(rows[0]).toEqual(HEADER.split(','));
      // A workbook cell is text, never a formula: it keeps the text as written.
      expect(rows[1]?.slice(0, 5)).toEqual([
        '10.1.0.3',
        'In Use',
        'web-1',
        '=HYPERLINK("http://x"), rack 1, "top"',
        false,
      ]);

      const wide = await createSubnetIn(me.ctx, '10.8.0.0/15');
      const refused = await sendAs(t.current, me, 'GET', `/subnets/${wide.id}/addresses/export?all=true`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: messages.exportAllTooLarge('10.8.0.0/15'),
        code: 'export_too_large',
      });
      const sixteen = await createSubnetIn(me.ctx, '10.20.0.0/16');
      const allOf16 = await sendAs(t.current, me, 'GET', `/subnets/${sixteen.id}/addresses/export?all=true`);
      expect(allOf16.bytes.toString('utf8').trimEnd().split('\r\n')).toHaveLength(65_535);
    });

    it('reports every row in a dry run and writes nothing', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.2.0.0/28');
      await injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.2.0.1`, {
        status: 'In Use',
        hostname: 'a',
      });
      await injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.2.0.2`, {
        status: 'In Use',
        hostname: 'b',
      });
      const file = [
        'ipAddress,status,hostname,description',
        '10.2.0.1,In Use,a,', // unchanged (allowScannerUpdate default true as stored)
        '10.2.0.2,Reserved,b,', // update
        '10.2.0.3,In Use,c,new', // create
        '10.2.0.99,In Use,x,', // outside
        '10.2.0.0,In Use,x,', // network address
        '10.2.0.4,Broken,x,', // bad status
        '10.2.0.3,In Use,again,', // duplicate in the file
        'not-an-ip,In Use,x,',
        '10.2.0.5,Available,,', // the virtual row itself: unchanged
        '10.2.0.6,In Use,nul\u0000here,', // text no engine may store
        '10.2.0.7,In Use,printer 2nd floor,', // no DNS name
        '10.2.0.8,In Use,web-8.example.,', // a fully qualified name: its trailing dot dropped
      ].join('\n');
      const before = await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id);
      const dry = await sendAs(t.current, me, 'POST', `/subnets/${subnet.id}/addresses/import?dryRun=true`, {
        body: file,
        type: 'text/csv',
      });
      expect(dry.status).toBe(200);
      const cidr = '10.2.0.0/28';
      expect(dry.body).toEqual({
        dryRun: true,
        applied: false,
        counts: { create: 2, update: 1, unchanged: 2, error: 7 },
        rows: [
          { row: 2, key: '10.2.0.1', outcome: 'unchanged' },
          { row: 3, key: '10.2.0.2', outcome: 'update' },
          { row: 4, key: '10.2.0.3', outcome: 'create' },
          { row: 5, key: '10.2.0.99', outcome: 'error', reason: messages.addressOutsideSubnet(cidr) },
          {
            row: 6,
            key: '10.2.0.0',
            outcome: 'error',
            reason: messages.networkAddressNotHost('10.2.0.0', cidr),
          },
          { row: 7, key: '10.2.0.4', outcome: 'error', reason: messages.addressStatusInvalid },
          { row: 8, key: '10.2.0.3', outcome: 'error', reason: messages.importDuplicateRow(4) },
          { row: 9, key: 'not-an-ip', outcome: 'error', reason: messages.invalidIPv4 },
          { row: 10, key: '10.2.0.5', outcome: 'unchanged' },
          { row: 11, key: '10.2.0.6', outcome: 'error', reason: messages.textHasNul },
          { row: 12, key: '10.2.0.7', outcome: 'error', reason: messages.hostnameCharacter('a space') },
          { row: 13, key: '10.2.0.8', outcome: 'create' },
        ],
      });
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id)).toBe(before);

      // Applying a file with errors writes nothing either: 422 with the same report.
      const refused = await sendAs(
        t.current,
        me,
        'POST',
        `/subnets/${subnet.id}/addresses/import?dryRun=false`,
        {
          body: file,
          type: 'text/csv',
        },
      );
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        dryRun: false,
        applied: false,
        code: 'import_has_errors',
        error: messages.importHasErrors,
        counts: { error: 7 },
      });
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id)).toBe(before);
      const page = await injectAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?q=10.2.0.2`);
      expect(page.body.items[0]).toMatchObject({ status: 'In Use' });
    });

    it('applies a clean file in one transaction: one audit entry, one event, counts kept', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.3.0.0/24');
      await injectAs(t.current, me, 'PUT', `/subnets/${subnet.id}/addresses/10.3.0.1`, {
        status: 'Reserved',
        hostname: 'gw',
      });
      const auditBefore = await rowsOfSubnet(t.current.db, 'audit_log', subnet.id);
      const lines = ['ipAddress,status,hostname'];
      for (let host = 1; host <= 200; host++) lines.push(`10.3.0.${host},In Use,host-${host}`);
      events.events.length = 0;
      const applied = await sendAs(
        t.current,
        me,
        'POST',
        `/subnets/${subnet.id}/addresses/import?dryRun=false`,
        {
          body: lines.join('\r\n'),
          type: 'text/csv; charset=utf-8',
        },
      );
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject({
        dryRun: false,
        applied: true,
        counts: { create: 199, update: 1 },
      });
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id)).toBe(200);
      expect(await rowsOfSubnet(t.current.db, 'audit_log', subnet.id)).toBe(auditBefore + 1);
      const entry = await t.current.db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'user_id'])
        .where('subnet_id', '=', subnet.id)
        .where('action', '=', 'import')
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ action: 'import', entity: 'address', user_id: me.userId });
      expect(events.events.filter((e) => e.accountId === me.accountId)).toEqual([
        { accountId: me.accountId, event: { kind: 'address', id: subnet.id, subnetId: subnet.id } },
      ]);
      const page = await injectAs(
        t.current,
        me,
        'GET',
        `/subnets/${subnet.id}/addresses?filter=in-use&limit=1`,
      );
      expect(page.body.total).toBe(200);
      expect(page.body.usedPercent).toBe(79); // 200 of 254
    });

    it('refuses a bad header, an empty file, other media types and oversized files', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.4.0.0/28');
      const path = `/subnets/${subnet.id}/addresses/import?dryRun=true`;
      const send = (body: string, type = 'text/csv') => sendAs(t.current, me, 'POST', path, { body, type });
      const headerError = (reason: string) => ({
        dryRun: true,
        applied: false,
        counts: { create: 0, update: 0, unchanged: 0, error: 1 },
        rows: [{ row: 1, key: '', outcome: 'error', reason }],
      });
      const columns =
        'ipAddress, status, hostname, description, allowScannerUpdate, updatedDate, updatedBy, mac, firstSeen, lastSeen, lastSeenBy';
      expect((await send('ipAddress,state\n10.4.0.1,In Use')).body).toEqual(
        headerError(messages.importColumnUnknown('state', columns)),
      );
      expect((await send('ipAddress,hostname\n10.4.0.1,x')).body).toEqual(
        headerError(messages.importColumnMissing('status')),
      );
      expect((await send('status,status,ipAddress\n')).body).toEqual(
        headerError(messages.importColumnRepeated('status')),
      );
      expect((await send('')).body).toEqual(headerError(messages.importNoHeader));
      for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
        const refused = await send('{"a":1}', type);
        expect(refused.status, type).toBe(415);
        expect(refused.body).toEqual({
          error: messages.importTypeUnsupported,
          code: 'import_type_unsupported',
        });
      }
      const big = 'ipAddress,status\n' + '10.4.0.1,In Use\n'.repeat(2_200_000);
      const tooLarge = await send(big);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toEqual({ error: messages.importTooLarge(32), code: 'payload_too_large' });
      const garbage = await sendAs(t.current, me, 'POST', path, {
        body: Buffer.from('not a zip'),
        type: XLSX,
      });
      expect(garbage.status).toBe(400);
      expect(garbage.body.code).toBe('import_unreadable');
    });

    it("answers 404 for another account's subnet, and a bad dryRun or format is a 400", async () => {
      const me = await tierOnePerson(t.current);
      const other = await tierOnePerson(t.current);
      const theirs = await createSubnetIn(other.ctx, '10.5.0.0/28');
      const exported = await sendAs(t.current, me, 'GET', `/subnets/${theirs.id}/addresses/export`);
      expect(exported.status).toBe(404);
      const imported = await sendAs(
        t.current,
        me,
        'POST',
        `/subnets/${theirs.id}/addresses/import?dryRun=false`,
        {
          body: 'ipAddress,status\n10.5.0.1,In Use\n',
          type: 'text/csv',
        },
      );
      expect(imported.status).toBe(404);
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', theirs.id)).toBe(0);
      // Through their own account id, with my session: not a member, 404.
      const viaTheirs = await sendAs(
        t.current,
        me,
        'GET',
        `/subnets/${theirs.id}/addresses/export`,
        undefined,
        other.accountId,
      );
      expect(viaTheirs.status).toBe(404);
      const mine = await createSubnetIn(me.ctx, '10.6.0.0/28');
      expect(
        (await sendAs(t.current, me, 'GET', `/subnets/${mine.id}/addresses/export?format=pdf`)).status,
      ).toBe(400);
      const badFlag = await sendAs(
        t.current,
        me,
        'POST',
        `/subnets/${mine.id}/addresses/import?dryRun=maybe`,
        {
          body: 'ipAddress,status\n',
          type: 'text/csv',
        },
      );
      expect(badFlag.status).toBe(400);
    });

    for (const format of ['csv', 'xlsx'] as const) {
      it(`round-trips a subnet's addresses through ${format} into an empty account`, async () => {
        const me = await tierOnePerson(t.current);
        const source = await createSubnetIn(me.ctx, '10.7.0.0/28');
        const texts = [
          '=1+1',
          '+cmd',
          '-x',
          '@y',
          "'=kept",
          'tab\there',
          'line\nbreak',
          'plain, "quoted"',
          'ümlaut ✓',
        ];
        for (const [i, text] of texts.entries()) {
          await injectAs(t.current, me, 'PUT', `/subnets/${source.id}/addresses/10.7.0.${i + 1}`, {
            status: i % 2 === 0 ? 'In Use' : 'Reserved',
            hostname: `host-${i + 1}`, // hostnames are DNS names: the awkward texts go in descriptions
            description: text,
            allowScannerUpdate: i % 3 === 0,
          });
        }
        const first = await sendAs(
          t.current,
          me,
          'GET',
          `/subnets/${source.id}/addresses/export?format=${format}`,
        );
        const other = await tierOnePerson(t.current);
        const target = await createSubnetIn(other.ctx, '10.7.0.0/28');
        const imported = await sendAs(
          t.current,
          other,
          'POST',
          `/subnets/${target.id}/addresses/import?dryRun=false`,
          {
            body: first.bytes,
            type: format === 'csv' ? 'text/csv' : XLSX,
          },
        );
        expect(imported.status).toBe(200);
        expect(imported.body.counts).toEqual({ create: texts.length, update: 0, unchanged: 0, error: 0 });
        const second = await sendAs(
          t.current,
          other,
          'GET',
          `/subnets/${target.id}/addresses/export?format=${format}`,
        );
        if (format === 'csv') expect(second.bytes.toString('utf8')).toBe(first.bytes.toString('utf8'));
        else expect(await rowsOfWorkbook(second.bytes)).toEqual(await rowsOfWorkbook(first.bytes));
        const page = await injectAs(t.current, other, 'GET', `/subnets/${target.id}/addresses?filter=in-use`);
        expect(page.body.items.map((item: { description: string }) => item.description)).toEqual(
          texts.filter((_, i) => i % 2 === 0),
        );
      });
    }

    it('lists the four routes in the OpenAPI document with their media types', async () => {
      const openapi = (await t.current.client().get('/api/openapi.json')).body;
      const paths = openapi.paths as Record<
        string,
        Record<string, { tags?: string[]; requestBody?: unknown }>
      >;
      const base = '/api/accounts/{accountId}';
      expect(paths[`${base}/subnets/{subnetId}/addresses/export`]?.get?.tags).toEqual(['import and export']);
      expect(paths[`${base}/subnets/export`]?.get?.tags).toEqual(['import and export']);
      const imports = [
        `${base}/subnets/{subnetId}/addresses/import`,
        `${base}/groups/{groupId}/subnets/import`,
      ];
      for (const path of imports) expect(paths[path]?.post?.tags).toEqual(['import and export']);
    });

    it('round-trips an export of every address, storing nothing for the never-written ones', async () => {
      const me = await tierOnePerson(t.current);
      const source = await createSubnetIn(me.ctx, '10.10.0.0/27');
      await injectAs(t.current, me, 'PUT', `/subnets/${source.id}/addresses/10.10.0.7`, {
        status: 'In Use',
        hostname: 'seven',
      });
      const first = await sendAs(t.current, me, 'GET', `/subnets/${source.id}/addresses/export?all=true`);
      const other = await tierOnePerson(t.current);
      const target = await createSubnetIn(other.ctx, '10.10.0.0/27');
      const path = `/subnets/${target.id}/addresses/import?dryRun=false`;
      const imported = await sendAs(t.current, other, 'POST', path, { body: first.bytes, type: 'text/csv' });
      expect(imported.body.counts).toEqual({ create: 1, update: 0, unchanged: 29, error: 0 });
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', target.id)).toBe(1);
      const second = await sendAs(t.current, other, 'GET', `/subnets/${target.id}/addresses/export?all=true`);
      expect(second.bytes.toString('utf8')).toBe(first.bytes.toString('utf8'));
    });

    it('counts a streamed body without Content-Length and stops it past the limit (413)', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.11.0.0/28');
      const chunk = Buffer.from(`10.11.0.1,In Use,,${'x'.repeat(400)}\n`.repeat(1024));
      async function* body() {
        yield Buffer.from('ipAddress,status,hostname,description\n');
        for (let sent = 0; sent < 34 * 1024 * 1024; sent += chunk.length) yield chunk;
      }
      const response = await t.current.app.inject({
        method: 'POST',
        url: `/api/accounts/${me.accountId}/subnets/${subnet.id}/addresses/import?dryRun=true`,
        headers: { cookie: me.cookie, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
        payload: Readable.from(body()),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: messages.importTooLarge(32), code: 'payload_too_large' });
    });

    it('reads an XLSX file with numbers and booleans as cells', async () => {
      const me = await tierOnePerson(t.current);
      const subnet = await createSubnetIn(me.ctx, '10.9.0.0/28');
      const body = await workbookOf([
        ['ipAddress', 'status', 'hostname', 'allowScannerUpdate'],
        ['10.9.0.1', 'In Use', 42, false],
        ['10.9.0.2', 'Reserved', 'printer', true],
      ]);
      const answer = await sendAs(
        t.current,
        me,
        'POST',
        `/subnets/${subnet.id}/addresses/import?dryRun=false`,
        {
          body,
          type: XLSX,
        },
      );
      expect(answer.body.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
      const page = await injectAs(t.current, me, 'GET', `/subnets/${subnet.id}/addresses?q=10.9.0.1`);
      expect(page.body.items[0]).toMatchObject({ hostname: '42', allowScannerUpdate: false });
    });
  });
}
