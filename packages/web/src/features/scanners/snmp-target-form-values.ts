import type { SnmpTargetView } from '@ipam/core/api/snmp-targets';
import {
  SNMP_DEFAULT_PORT,
  type SnmpAuthProtocol,
  type SnmpTargetsUpdateInput,
} from '@ipam/core/schemas/snmp-schemas';

/** One target as the form edits it; secrets start empty (they are never sent back). */
export interface SnmpTargetRow {
  /** React's key for the row. */
  readonly key: string;
  /** The stored target's id, null for a new one. */
  readonly id: string | null;
  host: string;
  port: number | string;
  version: '2c' | '3';
  community: string;
  user: string;
  authProtocol: SnmpAuthProtocol;
  authPassword: string;
  privPassword: string;
  timeoutMs: number | string;
  retries: number | string;
  /** What is stored for the target as it was loaded: an empty field then keeps it. */
  readonly stored: {
    readonly community: boolean;
    readonly authPassword: boolean;
    readonly privPassword: boolean;
  };
}

export interface SnmpTargetsFormValues {
  targets: SnmpTargetRow[];
}

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

/** A blank v2c target. */
export function newSnmpTargetRow(): SnmpTargetRow {
  return {
    key: newKey(),
    id: null,
    host: '',
    port: SNMP_DEFAULT_PORT,
    version: '2c',
    community: '',
    user: '',
    authProtocol: 'sha256',
    authPassword: '',
    privPassword: '',
    timeoutMs: 3000,
    retries: 1,
    stored: { community: false, authPassword: false, privPassword: false },
  };
}

/** The form of the stored targets. */
export function snmpTargetRowsOf(targets: readonly SnmpTargetView[]): SnmpTargetRow[] {
  return targets.map((target) => ({
    ...newSnmpTargetRow(),
    id: target.id,
    host: target.host,
    port: target.port,
    version: target.version,
    user: target.user ?? '',
    authProtocol: target.authProtocol ?? 'sha256',
    timeoutMs: target.timeoutMs,
    retries: target.retries,
    stored: {
      community: target.communitySet,
      authPassword: target.authPasswordSet,
      privPassword: target.privPasswordSet,
    },
  }));
}

/** A number field as typed: a number, or the text for the server to refuse by name. */
const numberOf = (value: number | string): number => (typeof value === 'number' ? value : Number(value));

/** The PUT body: an empty secret field is left out, so the server keeps the stored secret. */
export function snmpTargetsBodyOf(rows: readonly SnmpTargetRow[]): SnmpTargetsUpdateInput {
  const typed = (text: string) => (text === '' ? undefined : text);
  return {
    targets: rows.map((row) => {
      const common = {
        ...(row.id === null ? {} : { id: row.id }),
        host: row.host.trim(),
        port: numberOf(row.port),
        timeoutMs: numberOf(row.timeoutMs),
        retries: numberOf(row.retries),
      };
      if (row.version === '2c') return { ...common, version: '2c', community: typed(row.community) };
      return {
        ...common,
        version: '3',
        user: row.user.trim(),
        authProtocol: row.authProtocol,
        authPassword: typed(row.authPassword),
        privProtocol: 'aes',
        privPassword: typed(row.privPassword),
      };
    }),
  };
}
