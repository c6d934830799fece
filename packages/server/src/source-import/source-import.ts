import {
  MAX_IMPORT_ADDRESSES,
  MAX_IMPORT_SUBNETS,
  type ImportPhase,
  type SourceImportReport,
} from '@ipam/core/api/source-import';
import { messages } from '@ipam/core/messages';
import type { ChangeContext } from '../commands/change.js';
import { chunksOf } from '../db/chunks.js';
import { DomainError } from '../errors/domain-error.js';
import { listGroups } from '../groups/group-repository.js';
import { listSubnets } from '../subnets/subnet-repository.js';
import { listVrfs } from '../vrfs/vrf-repository.js';
import { importAddressBatch } from './address-batch.js';
import { AddressLocator } from './address-plan.js';
import { createTally } from './import-tally.js';
import type { ImportSource } from './source-model.js';
import { writeGroups, writeSubnets, writeVrfs } from './structure-writes.js';
import { planSubnets } from './subnet-plan.js';
import { planGroups, planVrfs } from './vrf-group-plan.js';

/** Addresses written per transaction (a source's batch may be a whole subnet of 100,000). */
const ADDRESSES_PER_TRANSACTION = 2000;

/** How far an import is: the phase and, within it, objects handled of how many (null: not known). */
export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number | null;
}

export interface SourceImportOptions {
  /** Only decide and report; write nothing. */
  isDryRun: boolean;
  /** The group for subnets the source gives none (e.g. "NetBox"): created when needed. */
  defaultGroupName: string;
  onProgress?: (progress: ImportProgress) => void;
}

/**
 * Imports what a source holds into the context's account: reads its structure, decides every VRF,
 * group and subnet against the account (the preview), then, unless a dry run, writes them kind by kind
 * in transactions, and streams the addresses in batches, one transaction each. Objects are matched on
 * VRF + network and VRF + address, so running the same import again changes nothing, and an import
 * stopped half-way finishes where it stopped when run again. Answers the report.
 */
export async function runSourceImport(
  ctx: ChangeContext,
  source: ImportSource,
  options: SourceImportOptions,
): Promise<SourceImportReport> {
  const { isDryRun } = options;
  const progress = (phase: ImportPhase, done: number, total: number | null) =>
    options.onProgress?.({ phase, done, total });
  const startedAt = new Date().toISOString();
  progress('reading', 0, null);
  const structure = await source.readStructure();
  if (structure.subnets.length > MAX_IMPORT_SUBNETS) {
    throw new DomainError('source_too_large', messages.sourceTooManySubnets(MAX_IMPORT_SUBNETS));
  }
  const accountId = ctx.account.id;
  const [vrfs, groups, subnets] = await Promise.all([
    listVrfs(ctx.db, accountId),
    listGroups(ctx.db, accountId),
    listSubnets(ctx.db, accountId),
  ]);
  const globalVrfId = vrfs.find((vrf) => vrf.isDefault)?.id ?? '';
  const tally = createTally();

  const vrfPlans = planVrfs(structure.vrfs, vrfs, tally);
  const groupKeys = new Set(structure.groups.map((group) => group.key));
  const needsDefault = structure.subnets.some((s) => s.groupKey === null || !groupKeys.has(s.groupKey));
  const groupPlans = planGroups(
    structure.groups,
    needsDefault ? options.defaultGroupName : null,
    groups,
    tally,
  );
  const subnetPlans = planSubnets({
    subnets: structure.subnets,
    vrfPlans,
    globalVrfId,
    groupPlans,
    existing: subnets,
    account: ctx.account,
    tally,
  });

  if (!isDryRun) {
    progress('vrfs', 0, vrfPlans.size);
    await writeVrfs(ctx, vrfPlans.values());
    progress('groups', 0, groupPlans.size);
    await writeGroups(ctx, groupPlans.values());
    await writeSubnets(ctx, subnetPlans, tally, (done, total) => progress('subnets', done, total));
  }

  const vrfIdOf = (key: string | null) => (key === null ? globalVrfId : vrfPlans.get(key)?.id);
  const locator = new AddressLocator(subnetPlans, vrfIdOf);
  let read = 0;
  progress('addresses', 0, null);
  for await (const batch of source.addresses(structure)) {
    read += batch.length;
    if (read > MAX_IMPORT_ADDRESSES) {
      throw new DomainError('source_too_large', messages.sourceTooManyAddresses(MAX_IMPORT_ADDRESSES));
    }
    let done = read - batch.length;
    for (const chunk of chunksOf(batch, ADDRESSES_PER_TRANSACTION)) {
      await importAddressBatch(ctx, chunk, locator, tally, source.label, isDryRun);
      done += chunk.length;
      progress('addresses', done, null);
    }
  }
  progress('done', read, read);
  return tally.report(source.label, isDryRun, startedAt);
}
