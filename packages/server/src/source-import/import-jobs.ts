import type { SourceImportJob, SourceImportRequest } from '@ipam/core/api/source-import';
import { messages } from '@ipam/core/messages';
import { randomUUID } from 'node:crypto';
import type { UserChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { lockAccountForIpam } from '../subnets/subnet-repository.js';
import { sourceOf } from './import-sources.js';
import {
  findImportJob,
  finishImportJob,
  hasRunningImport,
  insertImportJob,
  updateImportProgress,
} from './source-import-repository.js';
import { runSourceImport, type ImportProgress } from './source-import.js';

/** Progress is written (and announced) at most this often, and at least this often as a sign of life. */
const PROGRESS_EVERY_MS = 500;
const HEARTBEAT_MS = 30_000;

/** Imports running in this process, so a closing server can let them finish their step. */
const running = new Set<Promise<void>>();

/** Waits for this process's running imports (a server closing; tests). */
export async function settleImports(): Promise<void> {
  await Promise.allSettled([...running]);
}

/**
 * Starts an import from the web: checks the request (owner, one at a time per account), records it,
 * and runs it in the background; answers the running import at once. Progress is written to its row
 * and announced as live events of kind "import"; the end writes the report or the error.
 */
export async function startImportJob(
  ctx: UserChangeContext,
  request: SourceImportRequest,
): Promise<SourceImportJob> {
  const { source, defaultGroupName } = sourceOf(request);
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await lockAccountForIpam(trx, ctx.account.id);
    if (await hasRunningImport(trx, ctx.account.id))
      throw new DomainError('import_running', messages.importRunning);
    await insertImportJob(trx, {
      id,
      accountId: ctx.account.id,
      userId: ctx.userId,
      source: source.label,
      dryRun: request.dryRun,
      now: nowIso(),
    });
    await ctx.idempotency?.confirm(trx);
  });
  const announce = () => ctx.events.publish(ctx.account.id, { kind: 'import', id });
  let last = 0;
  let latest: ImportProgress = { phase: 'reading', done: 0, total: null };
  const save = async () => {
    last = Date.now();
    await updateImportProgress(ctx.db, id, latest);
    announce();
  };
  const heartbeat = setInterval(() => void save().catch(() => {}), HEARTBEAT_MS);
  const work = runSourceImport(ctx, source, {
    isDryRun: request.dryRun,
    defaultGroupName,
    onProgress: (progress) => {
      latest = progress;
      if (Date.now() - last >= PROGRESS_EVERY_MS) void save().catch(() => {});
    },
  })
    .then((report) =>
      finishImportJob(ctx.db, id, { status: 'done', reportJson: JSON.stringify(report), error: null }),
    )
    .catch(async (error: unknown) => {
      const message = error instanceof DomainError ? error.message : messages.importFailed;
      if (!(error instanceof DomainError)) ctx.log?.warn({ err: error, importId: id }, 'import failed');
      await finishImportJob(ctx.db, id, { status: 'failed', reportJson: null, error: message });
    })
    .catch((error: unknown) => ctx.log?.warn({ err: error, importId: id }, 'import end not recorded'))
    .finally(() => {
      clearInterval(heartbeat);
      announce();
      running.delete(work);
    });
  running.add(work);
  const job = await findImportJob(ctx.db, ctx.account.id, id);
  if (!job) throw new Error('the import just recorded is missing');
  return job;
}
