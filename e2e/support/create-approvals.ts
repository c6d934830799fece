import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..', '..');
const serverDist = join(root, 'packages/server/dist');

function run(args: readonly string[], dataDir: string, extraEnv: Record<string, string> = {}): string {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, IPAM_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...extraEnv },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) {
    throw new Error(`node ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}

/** What a scan reports for one address. */
export interface ScanFinding {
  ipAddress: string;
  status: string;
  hostname?: string;
  description?: string;
}

/**
 * Creates approval entries under a subnet through the server's own `createApprovals` (what the
 * scanner's results do), in a separate process on the same SQLite folder as the running server.
 */
export function createApprovalsIn(dataDir: string, subnetId: string, findings: readonly ScanFinding[]): void {
  const url = (path: string) => pathToFileURL(join(serverDist, path)).href;
  const script = `
    const { parseConfig } = await import(${JSON.stringify(url('config/env.js'))});
    const { databaseTarget, openDatabase } = await import(${JSON.stringify(url('db/database.js'))});
    const { createApprovals } = await import(${JSON.stringify(url('approvals/approvals.js'))});
    const db = openDatabase(databaseTarget(parseConfig(process.env)));
    try {
      await createApprovals(db, process.env.SUBNET_ID, JSON.parse(process.env.FINDINGS));
    } finally {
      await db.destroy();
    }
  `;
  run(['--input-type=module', '-e', script], dataDir, {
    SUBNET_ID: subnetId,
    FINDINGS: JSON.stringify(findings),
  });
}
