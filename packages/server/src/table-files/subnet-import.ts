import type { ImportReport, ImportRowReport } from '@ipam/core/api/table-import';
import { messages } from '@ipam/core/messages';
import {
  ipv4SubnetCreateSchema,
  ipv6SubnetCreateSchema,
  subnetKindSchema,
} from '@ipam/core/schemas/subnet-schemas';
import { DEFAULT_VRF_NAME, MAX_VRFS_PER_ACCOUNT } from '@ipam/core/schemas/vrf-schemas';
import { PlacedSubnetIndex } from '@ipam/core/placed-subnet-index';
import { placementConflict, type PlacedSubnet } from '@ipam/core/subnet-placement';
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
  listSubnets,
  lockAccountForIpam,
  updateSubnet,
  type SubnetRecord,
} from '../subnets/subnet-repository.js';
import { networkText, scanFrequencyFor, subnetPrefix, type SubnetRights } from '../subnets/subnet-rules.js';
import { placeSubnet } from '../subnets/subnet-placement.js';
import { insertVrf, listVrfs } from '../vrfs/vrf-repository.js';
import { checkRowCount, headerReport, importReport, reasonOf, type ReadRow } from './import-report.js';
import { badTextPath } from '../http/text-guard.js';
import { cellOf, readHeader, type ColumnIndex } from './table-header.js';

/** A subnet row of the file as core's create schema parsed it, its prefix held against the tier. */
type SubnetRow = Pick<
  SubnetRecord,
  'name' | 'vlanId' | 'description' | 'groupId' | 'scanningType' | 'scanFrequency' | 'prefix' | 'kind'
> & {
  /** The VRF's name as the file gives it (empty: Global); matched without regard to case. */
  vrfName: string;
};

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
  const kind = subnetKindSchema.safeParse(
    (cellOf(cells, index, 'kind') ?? '').trim().toLowerCase() || 'leaf',
  );
  if (!kind.success) return messages.subnetKindInvalid;
  const vrfName = (cellOf(cells, index, 'vrf') ?? '').trim() || DEFAULT_VRF_NAME;
  const isV6 = networkIP.includes(':');
  const parsed = isV6
    ? ipv6SubnetCreateSchema.safeParse({ ...fields, prefixLength: length })
    : ipv4SubnetCreateSchema.safeParse({ ...fields, bits: length });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.invalidRequest;
  const input = parsed.data;
  if (kind.data === 'container' && input.scanningType !== 'none') return messages.containerNotScanned;
  try {
    const prefixLength = 'bits' in input ? input.bits : input.prefixLength;
    const prefix = subnetPrefix(rights, isV6 ? 6 : 4, input.networkIP, prefixLength, kind.data);
    return {
      name: input.name,
      vlanId: input.vlanId,
      description: input.description,
      groupId: input.groupId,
      scanningType: input.scanningType,
      scanFrequency: scanFrequencyFor(input.scanningType, input.scanFrequency),
      prefix,
      kind: kind.data,
      vrfName,
    };
  } catch (error) {
    return reasonOf(error);
  }
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
  return { rows: read };
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

/** A subnet already placed while deciding: one of the account's, or a row of the file to create. */
type Placed = PlacedSubnet & { before?: SubnetRecord; fileRow?: number };

const vrfKey = (name: string) => name.toLocaleLowerCase('en-US');

/** Parents first: by VRF, version and network, the shorter prefix before the longer. */
function parentsFirst(a: ReadRow<SubnetRow>, b: ReadRow<SubnetRow>): number {
  const x = a.value;
  const y = b.value;
  if (!x || !y) return 0;
  const byVrf = vrfKey(x.vrfName) < vrfKey(y.vrfName) ? -1 : vrfKey(x.vrfName) > vrfKey(y.vrfName) ? 1 : 0;
  if (byVrf !== 0) return byVrf;
  if (x.prefix.version !== y.prefix.version) return x.prefix.version - y.prefix.version;
  if (x.prefix.network !== y.prefix.network) return x.prefix.network < y.prefix.network ? -1 : 1;
  return x.prefix.length - y.prefix.length || a.row - b.row;
}

/**
 * Each row's outcome against the account's subnets and the file's other rows, under the nesting rule
 * of its VRF (rows are placed parents first, so a file's containers hold its leaves): the same VRF,
 * network, prefix and kind is an update (or unchanged), a placement the rule forbids an error, a new
 * one a create while the account's subnet limit allows.
 */
function decide(
  rows: readonly ReadRow<SubnetRow>[],
  existing: readonly SubnetRecord[],
  vrfNames: ReadonlyMap<string, string>,
  maxnetworks: number,
) {
  const byVrf = new Map<string, PlacedSubnetIndex<Placed>>();
  const placedIn = (name: string) => {
    const key = vrfKey(name);
    let index = byVrf.get(key);
    if (!index) byVrf.set(key, (index = new PlacedSubnetIndex()));
    return index;
  };
  for (const subnet of existing)
    placedIn(vrfNames.get(subnet.vrfId) ?? '').add({ ...subnet, before: subnet });
  const outcomes = new Map<number, ImportRowReport>();
  const creates: SubnetRow[] = [];
  const updates: { before: SubnetRecord; row: SubnetRow }[] = [];
  const creating = new Map<number, SubnetRow>();
  for (const entry of [...rows].sort(parentsFirst)) {
    const { row, key, value, reason } = entry;
    if (value === undefined) {
      outcomes.set(row, { row, key, outcome: 'error', reason: reason ?? messages.invalidRequest });
      continue;
    }
    const placed = placedIn(value.vrfName);
    const same = placed.at(value.prefix).find((other) => other.kind === value.kind);
    if (same?.before && same.fileRow === undefined) {
      const outcome = isSameData(same.before, value) ? 'unchanged' : 'update';
      if (outcome === 'update') updates.push({ before: same.before, row: value });
      same.fileRow = row; // a later row with the same subnet collides with this one
      outcomes.set(row, { row, key, outcome });
      continue;
    }
    const { enclosing, inside } = placed.neighboursOf(value.prefix);
    const other = placementConflict(value, enclosing, inside);
    if (other) {
      const { fileRow } = other.other as Placed;
      const message = fileRow === undefined ? other.message : messages.importSubnetOverlapsRow(fileRow);
      outcomes.set(row, { row, key, outcome: 'error', reason: message });
    } else {
      creating.set(row, value);
      placed.add({
        id: `row ${row}`,
        name: value.name,
        prefix: value.prefix,
        kind: value.kind,
        fileRow: row,
      });
      outcomes.set(row, { row, key, outcome: 'create' });
    }
  }
  // The subnet limit takes the creates in the file's order.
  let count = existing.length;
  for (const [row, value] of [...creating].sort(([a], [b]) => a - b)) {
    if (count >= maxnetworks) {
      const outcome = outcomes.get(row);
      if (outcome)
        outcomes.set(row, { ...outcome, outcome: 'error', reason: messages.subnetLimitReached(maxnetworks) });
      continue;
    }
    count += 1;
    creates.push(value);
  }
  const report = rows.flatMap((entry) => outcomes.get(entry.row) ?? []);
  return { report, creates, updates };
}

/** The account's subnets, and its VRFs by id (names) and by name, without regard to case (ids). */
async function subnetsAndVrfs(db: Db, accountId: string) {
  const [subnets, vrfs] = await Promise.all([listSubnets(db, accountId), listVrfs(db, accountId)]);
  return {
    subnets,
    vrfNames: new Map(vrfs.map((vrf) => [vrf.id, vrf.name])),
    vrfIds: new Map(vrfs.map((vrf) => [vrfKey(vrf.name), vrf.id])),
    vrfCount: vrfs.length,
  };
}

/**
 * The VRF of each name the creates need: the account's, or one made now (a file exported from another
 * account names VRFs this one may lack). Answers the names of the VRFs made.
 */
async function ensureVrfs(
  ctx: UserChangeContext,
  account: { vrfIds: Map<string, string>; vrfCount: number },
  creates: readonly SubnetRow[],
): Promise<string[]> {
  const made: string[] = [];
  for (const { vrfName } of creates) {
    if (account.vrfIds.has(vrfKey(vrfName))) continue;
    if (account.vrfCount + made.length >= MAX_VRFS_PER_ACCOUNT) {
      throw new DomainError('vrf_limit_reached', messages.vrfLimitReached(MAX_VRFS_PER_ACCOUNT));
    }
    const now = nowIso();
    const id = randomUUID();
    await insertVrf(ctx.db, ctx.account.id, {
      id,
      name: vrfName,
      rd: null,
      description: '',
      isDefault: false,
      updatedDate: now,
      updatedBy: ctx.userId,
      createdAt: now,
    });
    account.vrfIds.set(vrfKey(vrfName), id);
    made.push(vrfName);
  }
  return made;
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
    const existing = await subnetsAndVrfs(ctx.db, account.id);
    const { report } = decide(file.rows, existing.subnets, existing.vrfNames, account.maxnetworks);
    return importReport(report, dryRun, false);
  }
  return runChange(ctx, async ({ trx, audit, announce }) => {
    await lockAccountForIpam(trx, account.id);
    // Groups named in the file may have gone since it was read: check them again under the lock.
    const present = new Set((await listGroups(trx, account.id)).map((group) => group.id));
    const existing = await subnetsAndVrfs(trx, account.id);
    const { report, creates, updates } = decide(
      file.rows,
      existing.subnets,
      existing.vrfNames,
      account.maxnetworks,
    );
    if ([...creates, ...updates.map((update) => update.row)].some((row) => !present.has(row.groupId))) {
      throw new DomainError('validation_failed', messages.groupNotFound);
    }
    if (report.some((row) => row.outcome === 'error')) {
      return importReport(report, false, false);
    }
    const vrfsMade = await ensureVrfs({ ...ctx, db: trx }, existing, creates);
    const now = nowIso();
    for (const row of creates) {
      const { vrfName, ...fields } = row;
      await placeSubnet(trx, account.id, {
        ...fields,
        id: randomUUID(),
        networkIP: networkText(row.prefix),
        lastScanned: null,
        scanNow: false,
        updatedDate: now,
        updatedBy: ctx.userId,
        vrfId: existing.vrfIds.get(vrfKey(vrfName)) ?? '',
        createdAt: now,
        staleAfterDays: null,
      });
    }
    for (const { before, row } of updates) {
      const scanNow = row.scanningType === 'none' ? false : before.scanNow;
      const { vrfName: _vrfName, ...fields } = row;
      await updateSubnet(trx, account.id, {
        ...before,
        ...fields,
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
      after: {
        group: subnetGroupSummary(target),
        rows: file.rows.length,
        ...result.counts,
        ...(vrfsMade.length > 0 ? { vrfsCreated: vrfsMade } : {}),
      },
    });
    announce({ kind: 'subnet', id: target.id });
    return result;
  });
}

function subnetGroupSummary(group: GroupRecord) {
  return { id: group.id, name: group.name };
}
