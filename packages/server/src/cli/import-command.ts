import {
  sourceImportRequestSchema,
  type SourceImportReport,
  type SourceImportRequest,
} from '@ipam/core/api/source-import';
import { sourceImportMarkdown } from '@ipam/core/source-import-report';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  findAccountsByIdOrOwnerEmail,
  listAllAccounts,
  type AccountRecord,
} from '../accounts/account-repository.js';
import type { ChangeContext } from '../commands/change.js';
import { databaseTarget, type Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { noopEventPublisher, type EventPublisher } from '../events/event-publisher.js';
import { startPgEventBus } from '../events/pg-event-bus.js';
import { sourceOf } from '../source-import/import-sources.js';
import { runSourceImport } from '../source-import/source-import.js';
import type { Config } from '../config/env.js';
import { withDatabase, type Write } from './cli-database.js';
import { terminalProgress } from './import-progress.js';

export const importUsage = `usage:
  ipam import phpipam --url URL --app APP_ID (--token TOKEN | --token-file FILE) [options]
  ipam import netbox  --url URL (--token TOKEN | --token-file FILE) [--group-by tenant|site|none] [options]

options:
  --account ID|OWNER-EMAIL   the account to import into (needed when there is more than one)
  --dry-run                  preview: read the source and report what would change; write nothing
  --report FILE              write the report there (.json or .md; default ipam-import-<source>-<time>.md)

The token may also come from IPAM_IMPORT_TOKEN. It is used for this import only and never written
anywhere. Running the same import again changes nothing; an import stopped half-way finishes.
`;

interface ImportArgs {
  request: SourceImportRequest;
  account: string | null;
  reportFile: string;
}

const FLAGS_WITH_VALUES = new Set([
  '--url',
  '--app',
  '--token',
  '--token-file',
  '--account',
  '--report',
  '--group-by',
]);

/** The arguments read into the import's request (checked by core's schema), or the problem with them. */
export function parseImportArgs(
  args: readonly string[],
  env: Record<string, string | undefined>,
  now = new Date(),
): ImportArgs | { problem: string } {
  const [kind, ...rest] = args;
  if (kind !== 'phpipam' && kind !== 'netbox') return { problem: 'name the source: phpipam or netbox' };
  const values = new Map<string, string>();
  let dryRun = false;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i] ?? '';
    if (flag === '--dry-run') {
      dryRun = true;
      continue;
    }
    if (!FLAGS_WITH_VALUES.has(flag)) return { problem: `unknown option ${flag}` };
    const value = rest[i + 1];
    if (value === undefined) return { problem: `${flag} needs a value` };
    values.set(flag, value);
    i += 1;
  }
  let token = values.get('--token') ?? env.IPAM_IMPORT_TOKEN ?? '';
  const tokenFile = values.get('--token-file');
  if (tokenFile !== undefined) {
    try {
      token = readFileSync(tokenFile, 'utf8').trim();
    } catch {
      return { problem: `cannot read the token file ${tokenFile}` };
    }
  }
  const parsed = sourceImportRequestSchema.safeParse({
    source: kind,
    url: values.get('--url') ?? '',
    token,
    dryRun,
    ...(kind === 'phpipam' ? { appId: values.get('--app') ?? '' } : {}),
    ...(kind === 'netbox' && values.has('--group-by') ? { groupBy: values.get('--group-by') } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    const flag = { url: '--url', appId: '--app', token: '--token', groupBy: '--group-by' }[field] ?? field;
    return { problem: `${flag}: ${issue?.message ?? 'invalid'}` };
  }
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return {
    request: parsed.data,
    account: values.get('--account') ?? null,
    reportFile: values.get('--report') ?? `ipam-import-${kind}-${stamp}.md`,
  };
}

/** The account to import into: the one named, or the only one there is. */
async function accountFor(db: Db, key: string | null): Promise<AccountRecord | string> {
  if (key === null) {
    const all = await listAllAccounts(db);
    if (all.length === 1 && all[0]) return all[0];
    return all.length === 0
      ? 'there is no account yet: sign up in the web app first'
      : `there are ${all.length} accounts: name one with --account ID|OWNER-EMAIL (see ipam admin accounts)`;
  }
  const matches = await findAccountsByIdOrOwnerEmail(db, key.includes('@') ? key.trim().toLowerCase() : key);
  if (matches.length === 0) return `no account with id or owner e-mail '${key}'`;
  if (matches.length > 1)
    return `'${key}' owns ${matches.length} accounts; give one id (see ipam admin accounts)`;
  return matches[0] ?? 'no account';
}

/** The summary printed at the end: counts per kind. */
function summary(report: SourceImportReport): string {
  const line = (title: string, c: SourceImportReport['counts']['vrf']) =>
    `  ${title.padEnd(10)} ${[c.imported, c.updated, c.unchanged, c.skipped].map((n) => n.toLocaleString('en-US').padStart(10)).join('')}\n`;
  const verbs = report.dryRun
    ? ['would add', 'would upd.', 'unchanged', 'skipped']
    : ['imported', 'updated', 'unchanged', 'skipped'];
  const { counts } = report;
  const changes = (['vrf', 'group', 'subnet', 'address'] as const).reduce(
    (sum, kind) => sum + counts[kind].imported + counts[kind].updated,
    0,
  );
  return (
    `  ${''.padEnd(10)} ${verbs.map((v) => v.padStart(10)).join('')}\n` +
    line('VRFs', counts.vrf) +
    line('groups', counts.group) +
    line('subnets', counts.subnet) +
    line('addresses', counts.address) +
    (changes === 0 ? 'Nothing to change: the account already holds what the source holds.\n' : '')
  );
}

/** Runs an import on an open database; answers the exit status. */
export async function runImport(
  db: Db,
  parsed: ImportArgs,
  io: { out: Write; err: Write; isTty: boolean; events?: EventPublisher },
): Promise<number> {
  const account = await accountFor(db, parsed.account);
  if (typeof account === 'string') {
    io.err(`ipam import: ${account}\n`);
    return 1;
  }
  const { source, defaultGroupName } = sourceOf(parsed.request);
  const ctx: ChangeContext = {
    db,
    account,
    userId: null,
    actor: `import from ${defaultGroupName.split(' ')[0]}`,
    events: io.events ?? noopEventPublisher,
  };
  io.out(
    `${parsed.request.dryRun ? 'Preview of an import' : 'Importing'} from ${source.label} into account ${account.id}\n`,
  );
  const progress = terminalProgress(io.err, io.isTty);
  let report: SourceImportReport;
  try {
    report = await runSourceImport(ctx, source, {
      isDryRun: parsed.request.dryRun,
      defaultGroupName,
      onProgress: (p) => progress.update(p),
    });
  } catch (error) {
    progress.end();
    if (error instanceof DomainError) {
      io.err(`ipam import: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  progress.end();
  const text = parsed.reportFile.endsWith('.json')
    ? `${JSON.stringify(report, null, 2)}\n`
    : sourceImportMarkdown(report);
  writeFileSync(parsed.reportFile, text);
  io.out(summary(report));
  io.out(`Report: ${parsed.reportFile}\n`);
  return 0;
}

/** `ipam import phpipam|netbox …`. */
export async function run(args: readonly string[]): Promise<number> {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    process.stdout.write(importUsage);
    return args.length === 0 ? 2 : 0;
  }
  const parsed = parseImportArgs(args, process.env);
  if ('problem' in parsed) {
    process.stderr.write(`ipam import: ${parsed.problem}\n\n${importUsage}`);
    return 2;
  }
  return withDatabase(
    async (db, config: Config) => {
      const target = databaseTarget(config);
      // On PostgreSQL the web app's open pages hear of the import's changes (LISTEN/NOTIFY).
      const bus =
        target.kind === 'postgres' ? await startPgEventBus({ url: target.url, db, warn: () => {} }) : null;
      try {
        return await runImport(db, parsed, {
          out: (text) => process.stdout.write(text),
          err: (text) => process.stderr.write(text),
          isTty: process.stderr.isTTY === true,
          ...(bus ? { events: bus } : {}),
        });
      } finally {
        await bus?.close();
      }
    },
    { existing: 'ipam import' },
  );
}
