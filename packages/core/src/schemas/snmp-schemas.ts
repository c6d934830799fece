import { z } from 'zod';
import { hostnameProblem, normalizeHostname } from '../hostname.js';
import { parseAddress } from '../ip-address.js';

/**
 * SNMP targets whose neighbour tables (ARP and IPv6 neighbours) a scanner reads (issue 33): a router or
 * switch, its port, and v2c or v3 authPriv credentials. Shared by the agent's `--snmp-config` file and
 * the server's per-scanner settings.
 */

/** v3 authentication digests: the SHA family (MD5 is refused: broken, and every current device has SHA). */
export const SNMP_AUTH_PROTOCOLS = ['sha', 'sha224', 'sha256', 'sha384', 'sha512'] as const;
export type SnmpAuthProtocol = (typeof SNMP_AUTH_PROTOCOLS)[number];
/** v3 privacy: AES-128 (RFC 3826), the one cipher every agent that has AES agrees on. */
export const SNMP_PRIV_PROTOCOLS = ['aes'] as const;
export type SnmpPrivProtocol = (typeof SNMP_PRIV_PROTOCOLS)[number];

export const SNMP_DEFAULT_PORT = 161;
/** Most targets one scanner reads: each is walked once a round. */
export const MAX_SNMP_TARGETS = 64;
/** USM turns a password into a key only from 8 characters on (RFC 3414 §11.2). */
export const MIN_SNMP_PASSWORD_LENGTH = 8;
const MAX_SECRET_LENGTH = 255;

/** An IP address (no zone) or a DNS name; digits and dots alone are an address or nothing. */
const host = z
  .string({ error: 'Host is required' })
  .trim()
  .min(1, 'Host is required')
  .max(253, 'Host must be at most 253 characters')
  .refine((text) => {
    const address = parseAddress(text);
    if (address !== null) return address.zone === null;
    if (/^[\d.]+$/.test(text) || text.includes(':')) return false;
    return hostnameProblem(normalizeHostname(text)) === null;
  }, 'Host must be an IP address or a DNS name');

const secret = (label: string, min: number) =>
  z
    .string({ error: `${label} is required` })
    .min(min, min > 1 ? `${label} must be at least ${min} characters` : `${label} is required`)
    .max(MAX_SECRET_LENGTH, `${label} must be at most ${MAX_SECRET_LENGTH} characters`)
    .regex(/^[\x20-\x7e]*$/, `${label} must be printable ASCII`);

const wholeNumber = (label: string, min: number, max: number, unit = '') => {
  const range = `${label} must be ${min}–${max}${unit}`;
  return z.number({ error: range }).int(range).min(min, range).max(max, range);
};

const common = {
  host,
  port: wholeNumber('Port', 1, 65535).default(SNMP_DEFAULT_PORT),
  /** Wait for one answer; a walk asks many times. */
  timeoutMs: wholeNumber('Timeout', 100, 30_000, ' ms').default(3_000),
  /** Tries again after an unanswered request, per request. */
  retries: wholeNumber('Retries', 0, 5).default(1),
};

export const snmpV2cTargetSchema = z.strictObject({
  ...common,
  version: z.literal('2c'),
  community: secret('Community', 1),
});

export const snmpV3TargetSchema = z.strictObject({
  ...common,
  version: z.literal('3'),
  user: z
    .string({ error: 'User is required' })
    .trim()
    .min(1, 'User is required')
    .max(32, 'User must be at most 32 characters'),
  authProtocol: z
    .enum(SNMP_AUTH_PROTOCOLS, {
      error: `Authentication protocol must be one of ${SNMP_AUTH_PROTOCOLS.join(', ')}`,
    })
    .default('sha256'),
  authPassword: secret('Authentication password', MIN_SNMP_PASSWORD_LENGTH),
  privProtocol: z
    .enum(SNMP_PRIV_PROTOCOLS, { error: `Privacy protocol must be ${SNMP_PRIV_PROTOCOLS.join(', ')}` })
    .default('aes'),
  privPassword: secret('Privacy password', MIN_SNMP_PASSWORD_LENGTH),
});

/** One target: v2c with a community, or v3 with authentication and privacy (authPriv) only. */
export const snmpTargetSchema = z.discriminatedUnion('version', [snmpV2cTargetSchema, snmpV3TargetSchema], {
  error: 'Version must be "2c" or "3"',
});
export type SnmpTarget = z.output<typeof snmpTargetSchema>;
export type SnmpTargetInput = z.input<typeof snmpTargetSchema>;

/** The agent's `--snmp-config` file: `{ "targets": [ … ] }`. */
export const snmpConfigSchema = z.strictObject({
  targets: z
    .array(snmpTargetSchema, { error: 'must be a list of targets' })
    .min(1, 'Targets must name at least one target')
    .max(MAX_SNMP_TARGETS, `Targets must be at most ${MAX_SNMP_TARGETS}`),
});
export type SnmpConfig = z.output<typeof snmpConfigSchema>;

/** `HOST:PORT`, with brackets around an IPv6 address: how a target is named in logs and lists. */
export function snmpTargetLabel(target: Pick<SnmpTarget, 'host' | 'port' | 'version'>): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `${host}:${target.port} v${target.version}`;
}

/** Server-stored targets are named by this id; a new one has none yet. */
const storedId = z.string({ error: 'Target id must be text' }).trim().min(1).max(100).optional();
/** A secret left out keeps the one stored for the same target (it is never shown again). */
const keptSecret = (label: string, min: number) => secret(label, min).optional();

/**
 * One target of `PUT /api/accounts/:a/scanners/:s/snmp-targets`: as in the agent's file, with the id
 * of a target already stored; its community or passwords may be left out to keep the stored ones.
 */
export const storedSnmpTargetSchema = z.discriminatedUnion(
  'version',
  [
    snmpV2cTargetSchema.extend({ id: storedId, community: keptSecret('Community', 1) }),
    snmpV3TargetSchema.extend({
      id: storedId,
      authPassword: keptSecret('Authentication password', MIN_SNMP_PASSWORD_LENGTH),
      privPassword: keptSecret('Privacy password', MIN_SNMP_PASSWORD_LENGTH),
    }),
  ],
  { error: 'Version must be "2c" or "3"' },
);
export type StoredSnmpTargetInput = z.output<typeof storedSnmpTargetSchema>;

/** The whole list, replaced at once (order kept: it is the order the agent reads them in). */
export const snmpTargetsUpdateSchema = z.strictObject({
  targets: z
    .array(storedSnmpTargetSchema, { error: 'must be a list of targets' })
    .max(MAX_SNMP_TARGETS, `Targets must be at most ${MAX_SNMP_TARGETS}`),
});
export type SnmpTargetsUpdateInput = z.output<typeof snmpTargetsUpdateSchema>;
