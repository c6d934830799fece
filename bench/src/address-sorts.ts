/**
 * Sorted pages of the address list (issue 29) on the /8 of bench/src/address-fixture.ts (100,000
 * written addresses: 80,000 In Use with hostnames, 15,000 Reserved without, 5,000 Available with):
 * median ms of readAddressPage per sort, order and filter, SQLite and PostgreSQL, with the address
 * order's first page as the reference. Statistics are gathered after the load, as autovacuum would.
 * Run: node --conditions=source --import tsx bench/src/address-sorts.ts   (prints a markdown table)
 */
import { sql } from 'kysely';
import { addressPageResponse } from '@ipam/core/api/ipam';
import { isPostgres } from '@ipam/server/db/database';
import { readAddressPage, type AddressPageRequest } from '@ipam/server/addresses/address-page';
import { setUp } from './address-fixture.js';
import { machineLine, timeMedian } from './bench-utils.js';

const ENGINES = (process.env.IPAM_BENCH_ENGINES ?? 'sqlite,postgres').split(',');

/** The pages measured: first pages, a page deep in the written rows, and one deep in the never-written ones. */
const cases: [string, Partial<AddressPageRequest>][] = [
  ['address order, first page (reference)', {}],
  ['hostname A–Z, first page', { sort: 'hostname' }],
  ['hostname A–Z, deep in the written rows (after 10.126.20.0)', { sort: 'hostname', cursor: '10.126.20.0' }],
  ['hostname Z–A, first page', { sort: 'hostname', order: 'desc' }],
  [
    'hostname A–Z, deep in the never-written ones (after 10.200.0.0)',
    { sort: 'hostname', cursor: '10.200.0.0' },
  ],
  ['status A–Z (Available first), first page', { sort: 'status' }],
  ['status Z–A (Reserved first), first page', { sort: 'status', order: 'desc' }],
  ['updated, newest first', { sort: 'updated', order: 'desc' }],
  ['updated, newest first, Show In Use', { sort: 'updated', order: 'desc', filter: 'in-use' }],
  ['hostname A–Z, search "host-5"', { sort: 'hostname', q: 'host-5' }],
];

const lines = [
  `Machine: ${machineLine()}`,
  '',
  '| engine | page (100 rows) | median ms | min | max |',
  '|---|---|---|---|---|',
];
for (const engine of ENGINES) {
  if (engine !== 'sqlite' && engine !== 'postgres') continue;
  const setup = await setUp(engine);
  try {
    await (isPostgres(setup.db) ? sql`analyze ip_addresses` : sql`analyze`).execute(setup.db);
    for (const [name, fields] of cases) {
      const request: AddressPageRequest = { filter: null, q: null, cursor: null, limit: 100, ...fields };
      const read = () => readAddressPage(setup.db, setup.accountId, setup.subnetId, request);
      const page = addressPageResponse.parse(JSON.parse(await read()));
      if (page.items.length !== 100) throw new Error(`${name}: ${page.items.length} items`);
      const { median, min, max } = await timeMedian(read);
      lines.push(`| ${engine} | ${name} | ${median.toFixed(1)} | ${min.toFixed(1)} | ${max.toFixed(1)} |`);
    }
  } finally {
    await setup.cleanup();
  }
}
console.log(lines.join('\n'));
