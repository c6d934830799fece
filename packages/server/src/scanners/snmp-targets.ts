import { randomUUID } from 'node:crypto';
import type { AgentSnmpTargets, SnmpTargetsView, SnmpTargetView } from '@ipam/core/api/snmp-targets';
import { messages } from '@ipam/core/messages';
import {
  SNMP_AUTH_PROTOCOLS,
  snmpTargetLabel,
  type SnmpAuthProtocol,
  type SnmpTargetsUpdateInput,
} from '@ipam/core/schemas/snmp-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import type { SecretBox } from '../two-factor/secret-box.js';
import { findScanner, type ScannerRecord } from './scanner-repository.js';
import { requireScannerTier } from './scanners.js';
import { listSnmpTargets, replaceSnmpTargets, type SnmpTargetRecord } from './snmp-target-repository.js';

/** What is sealed: the v2c community, or the v3 passwords. */
type Credentials = { community: string } | { authPassword: string; privPassword: string };

const isAuthProtocol = (text: string | null): text is SnmpAuthProtocol =>
  SNMP_AUTH_PROTOCOLS.some((protocol) => protocol === text);

/** A stored target as an admin sees it: that its secrets are set, never what they are. */
export function snmpTargetView(record: SnmpTargetRecord): SnmpTargetView {
  const isV3 = record.version === '3';
  return {
    id: record.id,
    host: record.host,
    port: record.port,
    version: record.version,
    user: isV3 ? record.user : null,
    authProtocol: isV3 && isAuthProtocol(record.authProtocol) ? record.authProtocol : null,
    privProtocol: isV3 ? 'aes' : null,
    timeoutMs: record.timeoutMs,
    retries: record.retries,
    communitySet: !isV3,
    authPasswordSet: isV3,
    privPasswordSet: isV3,
  };
}

/** The audit's picture of the list: where the targets are and who logs in, no credentials. */
function auditTargets(records: readonly SnmpTargetRecord[]) {
  const text = records
    .map(
      (record) => `${snmpTargetLabel(record)}${record.version === '3' ? ` user ${record.user ?? ''}` : ''}`,
    )
    .join(', ');
  return { targets: text === '' ? '(none)' : text };
}

async function requireScanner(db: Db, accountId: string, scannerId: string): Promise<ScannerRecord> {
  const scanner = await findScanner(db, accountId, scannerId);
  if (!scanner) throw new DomainError('not_found', messages.notFound);
  return scanner;
}

/** Settings ▸ Scanners ▸ SNMP targets of one scanner (another account's scanner is not found). */
export async function snmpTargetsOf(ctx: ChangeContext, scannerId: string): Promise<SnmpTargetsView> {
  requireScannerTier(ctx.account);
  await requireScanner(ctx.db, ctx.account.id, scannerId);
  return { targets: (await listSnmpTargets(ctx.db, scannerId)).map(snmpTargetView) };
}

function refuse(field: string, message: string): never {
  throw new DomainError('validation_failed', message, { [field]: message });
}

/**
 * Replaces the list. A target sent with the id of a stored one keeps its stored community or passwords
 * where none are sent, as long as its version, host and port are the same: credentials never follow a
 * target to another device, so whoever moves one must type them again.
 */
export async function replaceScannerSnmpTargets(
  ctx: ChangeContext,
  secrets: SecretBox,
  scannerId: string,
  input: SnmpTargetsUpdateInput,
): Promise<SnmpTargetsView> {
  requireScannerTier(ctx.account);
  return runChange(ctx, async ({ trx, audit, announce }) => {
    await requireScanner(trx, ctx.account.id, scannerId);
    const before = await listSnmpTargets(trx, scannerId);
    const stored = new Map(before.map((record) => [record.id, record]));
    const used = new Set<string>();
    const after = input.targets.map((target, index): SnmpTargetRecord => {
      const prior = target.id !== undefined && !used.has(target.id) ? stored.get(target.id) : undefined;
      if (prior !== undefined) used.add(prior.id);
      const isSameDevice =
        prior !== undefined &&
        prior.version === target.version &&
        prior.host.toLowerCase() === target.host.toLowerCase() &&
        prior.port === target.port;
      const kept = isSameDevice ? (JSON.parse(secrets.open(prior.secretsSealed)) as Credentials) : null;
      const field = (name: string) => `targets.${index}.${name}`;
      const missing = (label: string) =>
        isSameDevice || prior === undefined
          ? `Type the ${label}: none is stored for this target`
          : `Type the ${label} again: the target moved to another device or version`;
      let credentials: Credentials;
      if (target.version === '2c') {
        const community = target.community ?? (kept !== null && 'community' in kept ? kept.community : null);
        if (community === null) refuse(field('community'), missing('community'));
        credentials = { community };
      } else {
        const keptV3 = kept !== null && 'authPassword' in kept ? kept : null;
        const authPassword = target.authPassword ?? keptV3?.authPassword ?? null;
        const privPassword = target.privPassword ?? keptV3?.privPassword ?? null;
        if (authPassword === null) refuse(field('authPassword'), missing('authentication password'));
        if (privPassword === null) refuse(field('privPassword'), missing('privacy password'));
        credentials = { authPassword, privPassword };
      }
      return {
        id: prior?.id ?? randomUUID(),
        host: target.host,
        port: target.port,
        version: target.version,
        user: target.version === '3' ? target.user : null,
        authProtocol: target.version === '3' ? target.authProtocol : null,
        privProtocol: target.version === '3' ? target.privProtocol : null,
        timeoutMs: target.timeoutMs,
        retries: target.retries,
        secretsSealed: secrets.seal(JSON.stringify(credentials)),
      };
    });
    await replaceSnmpTargets(trx, scannerId, after);
    audit({
      action: 'update',
      entity: 'scanner-snmp',
      entityId: scannerId,
      before: auditTargets(before),
      after: auditTargets(after),
    });
    announce({ kind: 'scanner', id: scannerId });
    return { targets: after.map(snmpTargetView) };
  });
}

/**
 * The agent's own targets with their credentials (the scanner key's API only). A target whose
 * credentials no longer open (the server's secret key changed) is left out and told to `onUnreadable`.
 */
export async function agentSnmpTargets(
  db: Db,
  secrets: SecretBox,
  scanner: ScannerRecord,
  onUnreadable: (targetId: string) => void,
): Promise<AgentSnmpTargets> {
  const targets: AgentSnmpTargets['targets'] = [];
  for (const record of await listSnmpTargets(db, scanner.id)) {
    let credentials: Credentials;
    try {
      credentials = JSON.parse(secrets.open(record.secretsSealed)) as Credentials;
    } catch {
      onUnreadable(record.id);
      continue;
    }
    const common = {
      host: record.host,
      port: record.port,
      timeoutMs: record.timeoutMs,
      retries: record.retries,
    };
    if (record.version === '2c' && 'community' in credentials) {
      targets.push({ ...common, version: '2c', community: credentials.community });
    } else if (
      record.version === '3' &&
      'authPassword' in credentials &&
      isAuthProtocol(record.authProtocol)
    ) {
      targets.push({
        ...common,
        version: '3',
        user: record.user ?? '',
        authProtocol: record.authProtocol,
        authPassword: credentials.authPassword,
        privProtocol: 'aes',
        privPassword: credentials.privPassword,
      });
    } else {
      onUnreadable(record.id);
    }
  }
  return { targets };
}
