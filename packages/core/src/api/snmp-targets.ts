import { z } from 'zod';
import { SNMP_AUTH_PROTOCOLS, SNMP_PRIV_PROTOCOLS } from '../schemas/snmp-schemas.js';

const targetFields = {
  host: z.string().describe('an IP address or a DNS name the agent resolves'),
  port: z.number().int(),
  timeoutMs: z.number().int().describe('wait for one answer'),
  retries: z.number().int().describe('tries again after an unanswered request'),
};

/** A stored SNMP target as an admin sees it: never its community or passwords, only that they are set. */
export const snmpTargetViewResponse = z.object({
  id: z.string(),
  ...targetFields,
  version: z.enum(['2c', '3']),
  user: z.string().nullable().describe('v3 user (null for v2c)'),
  authProtocol: z.enum(SNMP_AUTH_PROTOCOLS).nullable(),
  privProtocol: z.enum(SNMP_PRIV_PROTOCOLS).nullable(),
  communitySet: z.boolean().describe('v2c: a community is stored (it is write-only)'),
  authPasswordSet: z.boolean().describe('v3: an authentication password is stored (write-only)'),
  privPasswordSet: z.boolean().describe('v3: a privacy password is stored (write-only)'),
});
export type SnmpTargetView = z.infer<typeof snmpTargetViewResponse>;

/** `GET|PUT /api/accounts/:a/scanners/:s/snmp-targets`. */
export const snmpTargetsResponse = z.object({ targets: z.array(snmpTargetViewResponse) });
export type SnmpTargetsView = z.infer<typeof snmpTargetsResponse>;

/** One target as the agent gets it, credentials included: only over the scanner key's own API. */
export const agentSnmpTargetResponse = z.union([
  z.object({ ...targetFields, version: z.literal('2c'), community: z.string() }),
  z.object({
    ...targetFields,
    version: z.literal('3'),
    user: z.string(),
    authProtocol: z.enum(SNMP_AUTH_PROTOCOLS),
    authPassword: z.string(),
    privProtocol: z.enum(SNMP_PRIV_PROTOCOLS),
    privPassword: z.string(),
  }),
]);

/** `GET /api/scanner/snmp-targets`. */
export const agentSnmpTargetsResponse = z.object({ targets: z.array(agentSnmpTargetResponse) });
export type AgentSnmpTargets = z.infer<typeof agentSnmpTargetsResponse>;
