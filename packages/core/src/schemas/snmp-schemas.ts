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
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(253, 'must be at most 253 characters')
  .refine((text) => {
    const address = parseAddress(text);
    if (address !== null) return address.zone === null;
    if (/^[\d.]+$/.test(text) || text.includes(':')) return false;
    return hostnameProblem(normalizeHostname(text)) === null;
  }, 'must be an IP address or a DNS name');

const secret = (label: string, min: number) =>
  z
    .string({ error: 'is required' })
    .min(min, min > 1 ? `${label} must be at least ${min} characters` : 'is required')
    .max(MAX_SECRET_LENGTH, `${label} must be at most ${MAX_SECRET_LENGTH} characters`)
    .regex(/^[\x20-\x7e]*$/, `${label} must be printable ASCII`);

const common = {
  host,
  port: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–65535')
    .max(65535, 'must be 1–65535')
    .default(SNMP_DEFAULT_PORT),
  /** Wait for one answer; a walk asks many times. */
  timeoutMs: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be 100–30000 ms')
    .max(30_000, 'must be 100–30000 ms')
    .default(3_000),
  /** Tries again after an unanswered request, per request. */
  retries: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0–5')
    .max(5, 'must be 0–5')
    .default(1),
};

export const snmpV2cTargetSchema = z.strictObject({
  ...common,
  version: z.literal('2c'),
  community: secret('community', 1),
});

export const snmpV3TargetSchema = z.strictObject({
  ...common,
  version: z.literal('3'),
  user: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(32, 'must be at most 32 characters'),
  authProtocol: z
    .enum(SNMP_AUTH_PROTOCOLS, { error: `must be one of ${SNMP_AUTH_PROTOCOLS.join(', ')}` })
    .default('sha256'),
  authPassword: secret('authPassword', MIN_SNMP_PASSWORD_LENGTH),
  privProtocol: z
    .enum(SNMP_PRIV_PROTOCOLS, { error: `must be ${SNMP_PRIV_PROTOCOLS.join(', ')}` })
    .default('aes'),
  privPassword: secret('privPassword', MIN_SNMP_PASSWORD_LENGTH),
});

/** One target: v2c with a community, or v3 with authentication and privacy (authPriv) only. */
export const snmpTargetSchema = z.discriminatedUnion('version', [snmpV2cTargetSchema, snmpV3TargetSchema], {
  error: 'version must be "2c" or "3"',
});
export type SnmpTarget = z.output<typeof snmpTargetSchema>;
export type SnmpTargetInput = z.input<typeof snmpTargetSchema>;

/** The agent's `--snmp-config` file: `{ "targets": [ … ] }`. */
export const snmpConfigSchema = z.strictObject({
  targets: z
    .array(snmpTargetSchema, { error: 'must be a list of targets' })
    .min(1, 'must name at least one target')
    .max(MAX_SNMP_TARGETS, `must be at most ${MAX_SNMP_TARGETS} targets`),
});
export type SnmpConfig = z.output<typeof snmpConfigSchema>;

/** `HOST:PORT`, with brackets around an IPv6 address: how a target is named in logs and lists. */
export function snmpTargetLabel(target: Pick<SnmpTarget, 'host' | 'port' | 'version'>): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `${host}:${target.port} v${target.version}`;
}
