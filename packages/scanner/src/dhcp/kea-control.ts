import type { Prefix } from '@ipam/core/prefix';
import { z } from 'zod';
import type { Sighting } from '../scan/sightings.js';
import { LeaseTable } from './lease-table.js';

/** How long one request to the control agent may take before the read fails. */
export const KEA_CONTROL_TIMEOUT_MS = 10_000;
/** Leases asked for per request: bounded answers (~300 kB), whatever the number of leases. */
export const KEA_PAGE_SIZE = 1000;
/** Largest answer read: a page of 1,000 leases is far smaller; anything larger is not Kea's. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** Kea's control agent, as the agent was told to reach it. */
export interface KeaControl {
  readonly url: URL;
  /** `user:password` for the agent's basic authentication, or null for none. */
  readonly credentials: string | null;
  readonly timeoutMs?: number;
  readonly pageSize?: number;
}

/** A control agent that could not be read, with the reason in words. */
export class KeaControlError extends Error {}

// Kea's result codes: 0 success, 1 error, 2 command not supported, 3 empty (nothing found).
const RESULT_SUCCESS = 0;
const RESULT_UNSUPPORTED = 2;
const RESULT_EMPTY = 3;

const leaseSchema = z.object({
  'ip-address': z.string(),
  'hw-address': z.string().optional(),
  hostname: z.string().optional(),
  state: z.number().optional(),
  cltt: z.number(),
  'valid-lft': z.number(),
  type: z.union([z.string(), z.number()]).optional(),
});

const answerSchema = z.object({
  result: z.number(),
  text: z.string().optional(),
  arguments: z.object({ leases: z.array(leaseSchema) }).optional(),
});

/** The agent answers an array (one entry per service); its own errors come as a single object. */
const responseSchema = z.union([z.array(answerSchema).min(1), answerSchema.transform((answer) => [answer])]);

async function boundedText(response: Response, where: string): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new KeaControlError(`${where}: the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused (is kea-ctrl-agent running there?)';
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** Sends one command to the control agent and gives its answer for the one service asked. */
async function command(control: KeaControl, body: object): Promise<z.infer<typeof answerSchema>> {
  const where = `Kea control agent ${control.url.origin}`;
  const timeoutMs = control.timeoutMs ?? KEA_CONTROL_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (control.credentials !== null) {
    headers['authorization'] = `Basic ${Buffer.from(control.credentials).toString('base64')}`;
  }
  let text: string;
  let status: number;
  try {
    const response = await fetch(control.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    text = await boundedText(response, where);
  } catch (error) {
    if (error instanceof KeaControlError) throw error;
    throw new KeaControlError(`${where}: ${networkReason(error, timeoutMs)}`);
  }
  if (status === 401 || status === 403) {
    throw new KeaControlError(
      `${where}: credentials refused (HTTP ${status}); check IPAM_KEA_CONTROL_AUTH or the auth file`,
    );
  }
  if (status < 200 || status > 299) throw new KeaControlError(`${where}: HTTP ${status}`);
  let parsed;
  try {
    parsed = responseSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = null;
  }
  const [answer] = parsed?.success === true ? parsed.data : [];
  if (answer === undefined) throw new KeaControlError(`${where}: the answer is not a Kea lease list`);
  if (answer.result === RESULT_UNSUPPORTED) {
    throw new KeaControlError(
      `${where}: ${answer.text ?? 'command not supported'} (is libdhcp_lease_cmds.so loaded?)`,
    );
  }
  if (answer.result !== RESULT_SUCCESS && answer.result !== RESULT_EMPTY) {
    throw new KeaControlError(`${where}: Kea answered ${answer.result}: ${answer.text ?? 'no reason given'}`);
  }
  return answer;
}

/**
 * The active leases Kea's control agent holds inside `prefix` (DHCPv4 or DHCPv6 by the prefix's version),
 * read page by page with `lease4-get-page` / `lease6-get-page` (the lease_cmds hook library): the same
 * leases as `lease4-get-all`, in answers of bounded size. Delegated prefixes are skipped.
 */
export async function readKeaControl(
  control: KeaControl,
  prefix: Prefix,
  now = Date.now(),
): Promise<Sighting[]> {
  const table = new LeaseTable(prefix, now);
  const limit = control.pageSize ?? KEA_PAGE_SIZE;
  let from = 'start';
  for (;;) {
    const answer = await command(control, {
      command: `lease${prefix.version}-get-page`,
      service: [`dhcp${prefix.version}`],
      arguments: { from, limit },
    });
    const leases = answer.arguments?.leases ?? [];
    for (const lease of leases) {
      if (lease.type === 'IA_PD' || lease.type === 2) continue;
      table.record({
        address: lease['ip-address'],
        mac: lease['hw-address'] ?? null,
        hostname: lease.hostname ?? null,
        expiresAt: (lease.cltt + lease['valid-lft']) * 1000,
        isBound: (lease.state ?? 0) === 0 && lease['valid-lft'] > 0,
      });
    }
    const last = leases.at(-1)?.['ip-address'];
    if (answer.result === RESULT_EMPTY || leases.length < limit || last === undefined || last === from) break;
    from = last;
  }
  return table.sightings();
}
