import type { Db } from '../db/database.js';

/** A stored SNMP target; its credentials still sealed. */
export interface SnmpTargetRecord {
  id: string;
  host: string;
  port: number;
  version: '2c' | '3';
  user: string | null;
  authProtocol: string | null;
  privProtocol: string | null;
  timeoutMs: number;
  retries: number;
  secretsSealed: string;
}

/** A scanner's targets in their order. */
export async function listSnmpTargets(db: Db, scannerId: string): Promise<SnmpTargetRecord[]> {
  const rows = await db
    .selectFrom('scanner_snmp_targets')
    .selectAll()
    .where('scanner_id', '=', scannerId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    host: row.host,
    port: Number(row.port),
    version: row.version === '3' ? '3' : '2c',
    user: row.user_name,
    authProtocol: row.auth_protocol,
    privProtocol: row.priv_protocol,
    timeoutMs: Number(row.timeout_ms),
    retries: Number(row.retries),
    secretsSealed: row.secrets_sealed,
  }));
}

/** Replaces a scanner's targets with these, in this order. */
export async function replaceSnmpTargets(
  db: Db,
  scannerId: string,
  targets: readonly SnmpTargetRecord[],
): Promise<void> {
  await db.deleteFrom('scanner_snmp_targets').where('scanner_id', '=', scannerId).execute();
  if (targets.length === 0) return;
  await db
    .insertInto('scanner_snmp_targets')
    .values(
      targets.map((target, position) => ({
        id: target.id,
        scanner_id: scannerId,
        position,
        host: target.host,
        port: target.port,
        version: target.version,
        user_name: target.user,
        auth_protocol: target.authProtocol,
        priv_protocol: target.privProtocol,
        timeout_ms: target.timeoutMs,
        retries: target.retries,
        secrets_sealed: target.secretsSealed,
      })),
    )
    .execute();
}
