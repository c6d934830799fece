import { availableAddressFields } from '@ipam/core/address-defaults';
import type { ImportReport, ImportRowReport } from '@ipam/core/api/table-import';
import { messages } from '@ipam/core/messages';
import { addressUpdateSchema } from '@ipam/core/schemas/address-schemas';
import { macAddressSchema } from '@ipam/core/schemas/mac-address';
import { ADDRESS_COLUMNS, ADDRESS_REQUIRED_COLUMNS, type AddressColumn } from '@ipam/core/table-files';
import {
  addCounts,
  adjustStatusCounts,
  NO_COUNTS,
  statusChange,
} from '../addresses/address-count-repository.js';
import {
  findStoredAmong,
  NOT_SEEN,
  type AddressSighting,
  type StoredAddress,
  type SubnetRef,
} from '../addresses/address-repository.js';
import {
  insertAbsentAddressRows,
  lockAddressRows,
  writeAddressRows,
} from '../addresses/address-write-repository.js';
import type { AddressFields } from '../addresses/address-row.js';
import { hostAddressOf } from '../addresses/address-writes.js';
import { runChange, type UserChangeContext } from '../commands/change.js';
import { chunksOf } from '../db/chunks.js';
import { isPostgres, type Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { requireLeaf } from '../subnets/subnets.js';
import { checkRowCount, headerReport, importReport, reasonOf, type ReadRow } from './import-report.js';
import { badTextPath } from '../http/text-guard.js';
import { cellOf, readHeader, type ColumnIndex } from './table-header.js';
import { importedAuthors } from './updated-by.js';

/** An address row of the file, checked: what to write and, for a new row, the history the file gives. */
interface AddressRow {
  value: bigint;
  fields: AddressFields;
  /** The file's MAC, canonical; undefined when the file gives none (the stored one stays). */
  mac: string | undefined;
  updatedDate: string | null;
  updatedBy: string | null;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A flag cell: true/false in any case; empty takes the default; anything else goes to the schema to refuse. */
function flagCell(text: string | undefined): boolean | string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const lowered = text.trim().toLowerCase();
  return lowered === 'true' ? true : lowered === 'false' ? false : text;
}

/** One data row checked with the subnet's host rule and core's address schema; a string is its error. */
function readAddressRow(
  subnet: SubnetRecord,
  cells: readonly string[],
  index: ColumnIndex<AddressColumn>,
): AddressRow | string {
  let value: bigint;
  try {
    value = hostAddressOf(subnet, cellOf(cells, index, 'ipAddress') ?? '');
  } catch (error) {
    return reasonOf(error);
  }
  const parsed = addressUpdateSchema.safeParse({
    status: cellOf(cells, index, 'status'),
    hostname: cellOf(cells, index, 'hostname'),
    description: cellOf(cells, index, 'description'),
    allowScannerUpdate: flagCell(cellOf(cells, index, 'allowScannerUpdate')),
  });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.invalidRequest;
  const date = cellOf(cells, index, 'updatedDate')?.trim() ?? '';
  if (date !== '' && (!ISO_DATE_TIME.test(date) || Number.isNaN(Date.parse(date)))) {
    return messages.importDateInvalid;
  }
  const by = cellOf(cells, index, 'updatedBy')?.trim() ?? '';
  const macText = cellOf(cells, index, 'mac')?.trim() ?? '';
  const mac = macText === '' ? undefined : macAddressSchema.safeParse(macText);
  if (mac !== undefined && !mac.success) return messages.macInvalid;
  return {
    value,
    fields: parsed.data,
    mac: mac?.data,
    updatedDate: date === '' ? null : date,
    updatedBy: date === '' || by === '' ? null : by,
  };
}

/** The file's rows read and checked, or the problem of its header. Duplicates of an address are errors. */
async function readAddressFile(
  subnet: SubnetRecord,
  rows: AsyncIterable<string[]>,
): Promise<{ problem: string } | { rows: ReadRow<AddressRow>[] }> {
  const read: ReadRow<AddressRow>[] = [];
  const firstRowOf = new Map<bigint, number>();
  let index: ColumnIndex<AddressColumn> | null = null;
  let row = 0;
  for await (const cells of rows) {
    row += 1;
    if (index === null) {
      const header = readHeader(cells, ADDRESS_COLUMNS, ADDRESS_REQUIRED_COLUMNS);
      if ('problem' in header) return header;
      index = header.index;
      continue;
    }
    checkRowCount(row - 1);
    const key = (cellOf(cells, index, 'ipAddress') ?? '').trim();
    // Text no engine may store (NUL, a lone surrogate) is refused like the JSON routes refuse it.
    const checked = badTextPath(cells)?.problem ?? readAddressRow(subnet, cells, index);
    if (typeof checked === 'string') {
      read.push({ row, key, reason: checked });
      continue;
    }
    const first = firstRowOf.get(checked.value);
    if (first !== undefined) {
      read.push({ row, key, reason: messages.importDuplicateRow(first) });
      continue;
    }
    firstRowOf.set(checked.value, row);
    read.push({ row, key, value: checked });
  }
  return index === null ? { problem: messages.importNoHeader } : { rows: read };
}

function isSameData(stored: AddressFields, fields: AddressFields): boolean {
  return (
    stored.status === fields.status &&
    stored.hostname === fields.hostname &&
    stored.description === fields.description &&
    stored.allowScannerUpdate === fields.allowScannerUpdate
  );
}

/**
 * What the row does: a never-written address becomes a create (unless the row is exactly its virtual
 * Available row with no history: unchanged), a written one an update when its data differs.
 */
function outcomeOf(row: AddressRow, stored: StoredAddress | undefined): 'create' | 'update' | 'unchanged' {
  if (!stored) {
    return row.updatedDate === null && row.mac === undefined && isSameData(availableAddressFields, row.fields)
      ? 'unchanged'
      : 'create';
  }
  const isSameMac = row.mac === undefined || row.mac === stored.mac;
  return isSameData(stored, row.fields) && isSameMac ? 'unchanged' : 'update';
}

async function storedOf(db: Db, subnet: SubnetRef, values: readonly bigint[], isLocked: boolean) {
  const stored = new Map<bigint, StoredAddress>();
  for (const chunk of chunksOf(values)) {
    for (const row of await findStoredAmong(db, subnet, chunk, isLocked)) stored.set(row.value, row);
  }
  return stored;
}

/** Each row's outcome against what is stored, and the writes they make. */
function decide(rows: readonly ReadRow<AddressRow>[], stored: ReadonlyMap<bigint, StoredAddress>) {
  const report: ImportRowReport[] = [];
  const writes: (AddressRow & { isCreate: boolean })[] = [];
  for (const { row, key, value, reason } of rows) {
    if (value === undefined) {
      report.push({ row, key, outcome: 'error', reason: reason ?? messages.invalidRequest });
      continue;
    }
    const outcome = outcomeOf(value, stored.get(value.value));
    report.push({ row, key, outcome });
    if (outcome !== 'unchanged') writes.push({ ...value, isCreate: outcome === 'create' });
  }
  return { report, writes };
}

/** What scanners recorded of the address, kept, with the file's MAC when it gives one. */
function sightingOf(stored: StoredAddress | undefined, mac: string | undefined): AddressSighting {
  const { firstSeen, lastSeen, lastSeenBy, previousMac, macChangedAt } = stored ?? NOT_SEEN;
  return { firstSeen, lastSeen, lastSeenBy, previousMac, macChangedAt, mac: mac ?? stored?.mac ?? null };
}

/** A member named in `updatedBy` by e-mail or id is stored as their user id; other text stays as it is. */
async function storeAuthorsAsUsers(db: Db, accountId: string, rows: ReadRow<AddressRow>[]): Promise<void> {
  const named = rows.flatMap((row) => (row.value?.updatedBy ? [row.value.updatedBy] : []));
  if (named.length === 0) return;
  const users = await importedAuthors(db, accountId, named);
  for (const { value } of rows) {
    if (value?.updatedBy) value.updatedBy = users.get(value.updatedBy) ?? value.updatedBy;
  }
}

/**
 * Imports a subnet's addresses from a CSV or XLSX file (columns ADDRESS_COLUMNS, header first):
 * every row checked by the same rules as an edit (a host of this subnet, core's address schema), a
 * report per row; unless it is a dry run and when no row is an error, the writes go in one transaction
 * (all or nothing) with one audit entry, the subnet's counts kept and one live event after the commit.
 * A new address keeps the file's updatedDate and updatedBy (a migration keeps its history; a member
 * given by e-mail becomes their user id); an update is stamped with the import.
 */
export async function importAddresses(
  ctx: UserChangeContext,
  subnetId: string,
  rows: AsyncIterable<string[]>,
  dryRun: boolean,
): Promise<ImportReport> {
  const subnet = await requireLeaf(ctx.db, ctx.account.id, subnetId);
  const ref = { id: subnet.id, version: subnet.prefix.version };
  const file = await readAddressFile(subnet, rows);
  if ('problem' in file) return headerReport(file.problem, dryRun);
  await storeAuthorsAsUsers(ctx.db, ctx.account.id, file.rows);
  const values = file.rows.flatMap((row) => (row.value ? [row.value.value] : []));
  if (dryRun || file.rows.some((row) => row.value === undefined)) {
    const { report } = decide(file.rows, await storedOf(ctx.db, ref, values, false));
    return importReport(report, dryRun, false);
  }
  return runChange(ctx, async ({ trx, audit, announce }) => {
    await requireLeaf(trx, ctx.account.id, subnetId);
    const stored = await storedOf(trx, ref, values, isPostgres(trx));
    const { report, writes } = decide(file.rows, stored);
    if (writes.length === 0) return importReport(report, false, true);
    const now = nowIso();
    const after = writes.map((write) => ({
      value: write.value,
      ...write.fields,
      ...sightingOf(stored.get(write.value), write.mac),
      updatedDate: write.isCreate && write.updatedDate !== null ? write.updatedDate : now,
      updatedBy: write.isCreate && write.updatedDate !== null ? write.updatedBy : ctx.userId,
    }));
    const creates = after.filter((_, i) => writes[i]?.isCreate);
    const inserted = await insertAbsentAddressRows(trx, ctx.account.id, ref, creates);
    // Updates are rows read locked above; a create that someone stored meanwhile joins them, locked now.
    const raced = creates.filter((row) => !inserted.has(row.value)).map((row) => row.value);
    const before = new Map(stored);
    for (const row of (await lockAddressRows(trx, ctx.account.id, ref, raced)).rows)
      before.set(row.value, row);
    const updates = after.flatMap((row) => {
      const existing = inserted.has(row.value) ? undefined : before.get(row.value);
      return existing ? [{ ...row, ...sightingOf(existing, row.mac ?? undefined), id: existing.id }] : [];
    });
    await writeAddressRows(trx, ctx.account.id, ref, updates);
    const counted = after.map((row) =>
      statusChange(inserted.has(row.value) ? null : (before.get(row.value)?.status ?? null), row.status),
    );
    await adjustStatusCounts(trx, subnet.id, counted.reduce(addCounts, NO_COUNTS));
    const result = importReport(report, false, true);
    audit({
      action: 'import',
      entity: 'address',
      entityId: subnet.id,
      subnetId: subnet.id,
      after: { rows: file.rows.length, ...result.counts },
    });
    announce({ kind: 'address', id: subnet.id, subnetId: subnet.id });
    return result;
  });
}
