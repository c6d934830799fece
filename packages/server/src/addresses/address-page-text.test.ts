import { addressPageResponse } from '@ipam/core/api/ipam';
import { listedAddresses } from '@ipam/core/address-listing';
import { formatAddress } from '@ipam/core/ip-address';
import { prefixLast } from '@ipam/core/prefix';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import type { CallerCheck } from '../auth/caller-check.js';
import { sessionIdOf, startSession } from '../auth/sessions.js';
import { nowIso } from '../db/db-values.js';
import { stringifierOf } from '../http/response-serializer.js';
import { readAddressPage, readAddressPageText } from './address-reads.js';
import { insertAddressRows } from './address-write-repository.js';

/** Texts a JSON writer must escape or keep as they are: quotes, backslashes, controls, non-ASCII. */
const awkwardTexts = [
  '',
  'plain',
  'say "hi"',
  'back\\slash',
  'tab\there',
  'line\nbreak',
  'ÜBER-Étage',
  '😀 ok',
  '\u0001',
];

describeEachDialect('the unfiltered page written as JSON text', (dialect) => {
  const database = useTestDatabase(dialect);

  it('answers what the serialiser writes for the same page, on every page of IPv4 and IPv6 subnets', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    // The list route's own caller check reads the page with a query of its own (in pieces on
    // PostgreSQL): it must answer the same text.
    const { userId } = ctx;
    if (userId === null) throw new Error('the account context has no user');
    const token = await startSession(db, userId);
    const checkedCaller = (): CallerCheck => ({
      sessionId: sessionIdOf(token),
      now: nowIso(),
      settle: async (found) => {
        expect(found?.userId).toBe(userId);
      },
    });
    // These are written in full: their pages are all stored rows (a page inside a written block).
    const writtenInFull = ['10.9.3.0/28', '10.9.4.0/26', '2001:db8:a::/124', '2001:db8:b::/122'];
    for (const cidr of ['10.9.0.0/27', '10.9.1.0/31', '10.9.2.7/32', '2001:db8:9::/123', ...writtenInFull]) {
      const subnet = await createSubnetIn(ctx, cidr);
      const listed = listedAddresses(subnet.prefix);
      const statuses: AddressStatus[] = ['In Use', 'Reserved', 'Available'];
      const rows = [];
      // Every third address written (or all), with texts that need escaping, both scanner flags, with and without
      // an update date and author.
      for (let value = listed.first, i = 0; value <= listed.last; value++, i++) {
        if (!writtenInFull.includes(cidr) && i % 3 !== 1 && value !== listed.last) continue;
        rows.push({
          value,
          status: statuses[i % 3] ?? 'In Use',
          hostname: awkwardTexts[i % awkwardTexts.length] ?? '',
          description: awkwardTexts[(i + 4) % awkwardTexts.length] ?? '',
          allowScannerUpdate: i % 2 === 0,
          updatedDate: '2026-01-01T00:00:00.000Z',
          updatedBy: i % 2 === 0 ? null : ctx.userId,
        });
      }
      await insertAddressRows(db, ctx.account.id, { id: subnet.id, version: subnet.prefix.version }, rows);
      // The column allows a row without an update date: its item must say null there too.
      await db
        .updateTable('ip_addresses')
        .set({ updated_date: null })
        .where('subnet_id', '=', subnet.id)
        .where('status', '=', 'Reserved')
        .execute();
      // Hand-written cursors: the network address (before the first listed), the last address.
      for (const cursor of [
        formatAddress(subnet.prefix.version, subnet.prefix.network),
        formatAddress(subnet.prefix.version, prefixLast(subnet.prefix)),
      ]) {
        const request = { filter: null, q: null, cursor, limit: 3 };
        const text = await readAddressPageText(db, ctx.account.id, subnet.id, request);
        const objects = await readAddressPage(db, ctx.account.id, subnet.id, request);
        expect(JSON.parse(text), `${cidr} cursor ${cursor}`).toEqual(
          JSON.parse(stringifierOf(addressPageResponse)(objects)),
        );
      }
      for (const limit of [1, 4, 100]) {
        let cursor: string | null = null;
        for (let page = 0; page < 100; page++) {
          const request = { filter: null, q: null, cursor, limit };
          const text = await readAddressPageText(db, ctx.account.id, subnet.id, request);
          const objects = await readAddressPage(db, ctx.account.id, subnet.id, request);
          const context = `${cidr} limit ${limit} cursor ${cursor}`;
          expect(
            await readAddressPageText(db, ctx.account.id, subnet.id, request, checkedCaller()),
            context,
          ).toBe(text);
          expect(JSON.parse(text), context).toEqual(JSON.parse(stringifierOf(addressPageResponse)(objects)));
          expect(addressPageResponse.parse(JSON.parse(text)), context).toBeTruthy();
          cursor = objects.nextCursor;
          if (cursor === null) break;
        }
        expect(cursor, `${cidr} limit ${limit}: the pages end`).toBeNull();
      }
    }
  });

  it("refuses another account's subnet and a cursor outside the subnet as the object path does", async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const other = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, '10.8.0.0/24');
    const request = { filter: null, q: null, cursor: null, limit: 10 };
    await expect(readAddressPageText(db, other.account.id, subnet.id, request)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      readAddressPageText(db, ctx.account.id, subnet.id, { ...request, cursor: '10.9.0.1' }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
