import type { ImportReport, ImportRowReport } from '@ipam/core/api/table-import';
import { formatPrefix } from '@ipam/core/cidr';
import { messages } from '@ipam/core/messages';
import { prefixLast, type Prefix } from '@ipam/core/prefix';
import { ipv4SubnetCreateSchema, ipv6SubnetCreateSchema } from '@ipam/core/schemas/subnet-schemas';
import {
  DEFAULT_IMPORT_VLAN_ID,
  SUBNET_COLUMNS,
  SUBNET_REQUIRED_COLUMNS,
  type SubnetColumn,
} from '@ipam/core/table-files';
import { randomUUID } from 'node:crypto';
import { runChange, type UserChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { listGroups, type GroupRecord } from '../groups/group-repository.js';
import {
  insertSubnet,
  listSubnets,
  lockAccountForIpam,
  updateSubnet,
  type SubnetRecord,
} from '../subnets/subnet-repository.js';
import { networkText, scanFrequencyFor, subnetPrefix, type SubnetRights } from '../subnets/subnet-rules.js';
import { checkRowCount, headerReport, importReport, reasonOf, type ReadRow } from './import-report.js';
import { badTextPath } from '../http/text-guard.js';
import { cellOf, readHeader, type ColumnIndex } from './table-header.js';

/** A subnet row of the file as core's create schema parsed it, its prefix held against the tier. */
type SubnetRow = Pick<
  SubnetRecord,
  'name' | 'vlanId' | 'description' | 'groupId' | 'scanningType' | 'scanFrequency' | 'prefix'
>;

/** A number cell: empty is absent (its default applies), digits a number, anything else goes to the schema to refuse. */
function numberCell(text: string | undefined): number | string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;
}

/** The group of a row: the import's group when the cell is empty, else the account's group of that name. */
function groupOf(name: string | undefined, target: GroupRecord, groups: readonly GroupRecord[]) {
  if (name === undefined || name.trim() === '') return target.id;
  return groups.find((group) => group.name === name.trim())?.id;
}

function readSubnetRow(
  cells: readonly string[],
  index: ColumnIndex<SubnetColumn>,
  rights: SubnetRights,
  target: GroupRecord,
  groups: readonly GroupRecord[],
): SubnetRow | string {
  const networkIP = cellOf(cells, index, 'networkIP') ?? '';
  const groupId = groupOf(cellOf(cells, index, 'group'), target, groups);
  if (groupId === undefined) return messages.groupNotFound;
  const length = numberCell(cellOf(cells, index, 'prefix'));
  const fields = {
    name: cellOf(cells, index, 'name'),
    vlanId: numberCell(cellOf(cells, index, 'vlanId')) ?? DEFAULT_IMPORT_VLAN_ID,
    description: cellOf(cells, index, 'description'),
    groupId,
    networkIP,
    scanningType: cellOf(cells, index, 'scanningType')?.trim() || undefined,
    scanFrequency: numberCell(cellOf(cells, index, 'scanFrequency')),
  };
  const isV6 = networkIP.includes(':');
  const parsed = isV6
    ? ipv6SubnetCreateSchema.safeParse({ ...fields, prefixLength: length })
    : ipv4SubnetCreateSchema.safeParse({ ...fields, bits: length });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.invalidRequest;
  const input = parsed.data;
  try {
    const prefixLength = 'bits' in input ? input.bits : input.prefixLength;
    const prefix = subnetPrefix(rights, isV6 ? 6 : 4, input.networkIP, prefixLength);
    return {
      name: input.name,
      vlanId: input.vlanId,
      description: input.description,
      groupId: input.groupId,
      scanningType: input.scanningType,
      scanFrequency: scanFrequencyFor(input.scanningType, input.scanFrequency),
      prefix,
    };
  } catch (error) {
    return reasonOf(error);
  }
}

function overlaps(a: Prefix, b: Prefix): boolean {
  return a.version === b.version && a.network <= prefixLast(b) && b.network <= prefixLast(a);
}

function isSamePrefix(a: Prefix, b: Prefix): boolean {
  return a.version === b.version && a.network === b.network && a.length === b.length;
}

/** The file's rows checked against core's subnet schema and the tier; rows that overlap an earlier row are errors. */
async function readSubnetFile(
  rows: AsyncIterable<string[]>,
  rights: SubnetRights,
  target: GroupRecord,
  groups: readonly GroupRecord[],
): Promise<{ problem: string } | { rows: ReadRow<SubnetRow>[] }> {
  const read: ReadRow<SubnetRow>[] = [];
  let index: ColumnIndex<SubnetColumn> | null = null;
  let row = 0;
  for await (const cells of rows) {
    row += 1;
    if (index === null) {
      const header = readHeader(cells, SUBNET_COLUMNS, SUBNET_REQUIRED_COLUMNS);
      if ('problem' in header) return header;
      index = header.index;
      continue;
    }
    checkRowCount(row - 1);
    const key = `${(cellOf(cells, index, 'networkIP') ?? '').trim()}/${(cellOf(cells, index, 'prefix') ?? '').trim()}`;
    // Text no engine may store (NUL, a lone surrogate) is refused like the JSON routes refuse it.
    const checked = badTextPath(cells)?.problem ?? readSubnetRow(cells, index, rights, target, groups);
    if (typeof checked === 'string') read.push({ row, key, reason: checked });
    else read.push({ row, key, value: checked });
  }
  if (index === null) return { problem: messages.importNoHeader };
  // Prefixes nest or are apart: sorted by start, a row overlaps an earlier one iff it starts before the widest end so far.
  const sorted = read
    .filter((entry) => entry.value !== undefined)
    .sort((a, b) => compareStart(a.value?.prefix, b.value?.prefix) || a.row - b.row);
  let widest: ReadRow<SubnetRow> | null = null;
  for (const entry of sorted) {
    const prefix = entry.value?.prefix;
    const held = widest?.value?.prefix;
    if (prefix && held && widest && overlaps(prefix, held)) {
      const first = Math.min(widest.row, entry.row);
      const later = entry.row > widest.row ? entry : widest;
      later.reason = messages.importSubnetOverlapsRow(first);
      delete later.value;
      if (later === widest) widest = entry;
      continue;
    }
    if (!held || !prefix || prefix.version !== held.version || prefixLast(prefix) > prefixLast(held))
      widest = entry;
  }
  return { rows: read };
}

function compareStart(a: Prefix | undefined, b: Prefix | undefined): number {
  if (!a || !b) return 0;
  if (a.version !== b.version) return a.version - b.version;
  return a.network < b.network ? -1 : a.network > b.network ? 1 : b.length - a.length;
}

function isSameData(subnet: SubnetRecord, row: SubnetRow): boolean {
  return (
    subnet.name === row.name &&
    subnet.vlanId === row.vlanId &&
    subnet.description === row.description &&
    subnet.groupId === row.groupId &&
    subnet.scanningType === row.scanningType &&
    subnet.scanFrequency === row.scanFrequency
  );
}

/**
 * Each row's outcome against the account's subnets: the same network and prefix is an update (or
 * unchanged), an overlap with another subnet an error, a new one a create while the account's subnet
 * limit allows.
 */
function decide(rows: readonly ReadRow<SubnetRow>[], existing: readonly SubnetRecord[], maxnetworks: number) {
  const report: ImportRowReport[] = [];
  const creates: SubnetRow[] = [];
  const updates: { before: SubnetRecord; row: SubnetRow }[] = [];
  let count = existing.length;
  for (const { row, key, value, reason } of rows) {
    if (value === undefined) {
      report.push({ row, key, outcome: 'error', reason: reason ?? messages.invalidRequest });
      continue;
    }
    const same = existing.find((subnet) => isSamePrefix(subnet.prefix, value.prefix));
    if (same) {
      const outcome = isSameData(same, value) ? 'unchanged' : 'update';
      if (outcome === 'update') updates.push({ before: same, row: value });
      report.push({ row, key, outcome });
      continue;
    }
    const other = existing.find((subnet) => overlaps(subnet.prefix, value.prefix));
    if (other) {
      const reason = messages.subnetOverlaps(other.name, formatPrefix(other.prefix));
      report.push({ row, key, outcome: 'error', reason });
    } else if (count >= maxnetworks) {
      report.push({ row, key, outcome: 'error', reason: messages.subnetLimitReached(maxnetworks) });
    } else {
      count += 1;
      creates.push(value);
      report.push({ row, key, outcome: 'create' });
    }
  }
  return { report, creates, updates };
}

async function requireTargetGroup(db: Db, accountId: string, groupId: string) {
  const groups = await listGroups(db, accountId);
  const target = groups.find((group) => group.id === groupId);
  if (!target) throw new DomainError('not_found', messages.notFound);
  return { groups, target };
}

/**
 * Imports subnets into a group from a CSV or XLSX file (columns SUBNET_COLUMNS): each row checked by
 * core's subnet schema and the tier's rules, against the account's subnets (overlap, limit) and the
 * file's other rows; a dry run reports only; otherwise, with no error row, every create and update
 * goes in one transaction with one audit entry and one live event after the commit.
 */
export async function importSubnets(
  ctx: UserChangeContext,
  groupId: string,
  rows: AsyncIterable<string[]>,
  dryRun: boolean,
): Promise<ImportReport> {
  const { account } = ctx;
  const { groups, target } = await requireTargetGroup(ctx.db, account.id, groupId);
  const file = await readSubnetFile(rows, account, target, groups);
  if ('problem' in file) return headerReport(file.problem, dryRun);
  if (dryRun || file.rows.some((row) => row.value === undefined)) {
    const { report } = decide(file.rows, await listSubnets(ctx.db, account.id), account.maxnetworks);
    return importReport(report, dryRun, false);
  }
  return runChange(ctx, async ({ trx, audit, announce }) => {
    await lockAccountForIpam(trx, account.id);
    // Groups named in the file may have gone since it was read: check them again under the lock.
    const present = new Set((await listGroups(trx, account.id)).map((group) => group.id));
    const { report, creates, updates } = decide(
      file.rows,
      await listSubnets(trx, account.id),
      account.maxnetworks,
    );
    if ([...creates, ...updates.map((update) => update.row)].some((row) => !present.has(row.groupId))) {
      throw new DomainError('validation_failed', messages.groupNotFound);
    }
    if (report.some((row) => row.outcome === 'error')) {
      return importReport(report, false, false);
    }
    const now = nowIso();
    for (const row of creates) {
      const subnet: SubnetRecord = {
        ...row,
        id: randomUUID(),
        networkIP: networkText(row.prefix),
        lastScanned: null,
        scanNow: false,
        updatedDate: now,
        updatedBy: ctx.userId,
      };
      await insertSubnet(trx, account.id, { ...subnet, createdAt: now });
    }
    for (const { before, row } of updates) {
      const scanNow = row.scanningType === 'none' ? false : before.scanNow;
      await updateSubnet(trx, account.id, {
        ...before,
        ...row,
        scanNow,
        updatedDate: now,
        updatedBy: ctx.userId,
      });
    }
    const result = importReport(report, false, true);
    audit({
      action: 'import',
      entity: 'subnet',
      entityId: target.id,
      after: { group: subnetGroupSummary(target), rows: file.rows.length, ...result.counts },
    });
    announce({ kind: 'subnet', id: target.id });
    return result;
  });
}

function subnetGroupSummary(group: GroupRecord) {
  return { id: group.id, name: group.name };
}
