import { parseArgs } from 'node:util';
import { parseAddress } from '@ipam/core/ip-address';
import { z } from 'zod';
import { leaseArgumentSpec, parseLeaseOptions, type LeaseOptions } from '../dhcp/lease-options.js';

/** How hosts are probed: ICMP with a TCP fallback, ICMP only, or TCP connects to given ports. */
export type ProbeMode =
  { readonly kind: 'auto' } | { readonly kind: 'icmp' } | { readonly kind: 'tcp'; readonly ports: number[] };

/** Everything the agent was told, checked. */
export interface ScannerOptions {
  readonly server: URL;
  readonly key: string;
  readonly isOnce: boolean;
  readonly probe: ProbeMode;
  readonly isRefusedDead: boolean;
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly useDns: boolean;
  readonly dnsServers: string[];
  readonly useMulticast: boolean;
  /** DHCP lease files and Kea control agents to read each job. */
  readonly leases: LeaseOptions;
  /** A JSON file of SNMP targets whose neighbour tables vouch for hosts (IPAM_SNMP_CONFIG), or null. */
  readonly snmpConfig: string | null;
}

/** What the command line asked for: run, or just print help or the version. */
export type Command =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'run'; readonly options: ScannerOptions };

/** A command line or environment the agent cannot run with; `problems` names every one. */
export class UsageError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

const port = z.coerce.number().int().min(1).max(65535);

const probeMode = z.string().transform((text, context): ProbeMode => {
  if (text === 'auto' || text === 'icmp') return { kind: text };
  const ports = /^tcp:(\d+(,\d+)*)$/
    .exec(text)?.[1]
    ?.split(',')
    .map((p) => port.safeParse(p));
  if (ports && ports.every((p) => p.success))
    return { kind: 'tcp', ports: [...new Set(ports.map((p) => p.data))] };
  context.addIssue({ code: 'custom', message: 'must be auto, icmp or tcp:PORT[,PORT…] with ports 1–65535' });
  return z.NEVER;
});

/** `ADDR`, `ADDR:PORT` or `[IPV6]:PORT`: an address literal, so the agent needs no DNS to find DNS. */
const dnsServer = z.string().refine((text) => {
  const bracketed = /^\[([^\]]+)\]:(\d+)$/.exec(text);
  const withPort = /^([^:]+):(\d+)$/.exec(text);
  const [address, portText] = bracketed
    ? [bracketed[1], bracketed[2]]
    : withPort
      ? [withPort[1], withPort[2]]
      : [text, undefined];
  return (
    parseAddress(address ?? '')?.zone === null && (portText === undefined || port.safeParse(portText).success)
  );
}, 'must be an IP address, ADDR:PORT or [IPV6]:PORT');

const optionsSchema = z.object({
  server: z
    .url({
      protocol: /^https?$/,
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be an http:// or https:// URL'),
    })
    .transform((text) => new URL(text)),
  key: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^[\x21-\x7e]+$/, 'must be the key shown when the scanner was registered'),
  probe: probeMode,
  timeout: z.coerce.number().int().min(50).max(60_000, 'must be 50–60000 ms'),
  concurrency: z.coerce.number().int().min(1).max(1024, 'must be 1–1024'),
  dnsServers: z.array(dnsServer),
});

const argumentSpec = {
  server: { type: 'string' },
  key: { type: 'string' },
  once: { type: 'boolean', default: false },
  probe: { type: 'string', default: 'auto' },
  'refused-is-dead': { type: 'boolean', default: false },
  timeout: { type: 'string', default: '1000' },
  concurrency: { type: 'string', default: '64' },
  'no-dns': { type: 'boolean', default: false },
  'dns-server': { type: 'string', multiple: true },
  'no-multicast': { type: 'boolean', default: false },
  'snmp-config': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'V', default: false },
  ...leaseArgumentSpec,
} as const;

/** Reads the command line and the environment (IPAM_SERVER, IPAM_SCANNER_KEY, IPAM_SNMP_CONFIG); throws UsageError. */
export function parseCommand(args: readonly string[], env: NodeJS.ProcessEnv): Command {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      options: argumentSpec,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError([error instanceof Error ? error.message : String(error)]);
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const parsed = optionsSchema.safeParse({
    server: values.server ?? env['IPAM_SERVER'],
    key: values.key ?? env['IPAM_SCANNER_KEY'],
    probe: values.probe,
    timeout: values.timeout,
    concurrency: values.concurrency,
    dnsServers: (values['dns-server'] ?? []).flatMap((list) => list.split(',')),
  });
  const leases = parseLeaseOptions(values, env);
  if (!parsed.success || leases.problems.length > 0) {
    const names: Record<string, string> = {
      server: '--server / IPAM_SERVER',
      key: '--key / IPAM_SCANNER_KEY',
      dnsServers: '--dns-server',
    };
    throw new UsageError([
      ...(parsed.error?.issues ?? []).map((issue) => {
        const field = String(issue.path[0] ?? '');
        return `${names[field] ?? `--${field}`}: ${issue.message}`;
      }),
      ...leases.problems,
    ]);
  }
  const options = parsed.data;
  return {
    kind: 'run',
    options: {
      server: options.server,
      key: options.key,
      isOnce: values.once,
      probe: options.probe,
      isRefusedDead: values['refused-is-dead'],
      timeoutMs: options.timeout,
      concurrency: options.concurrency,
      useDns: !values['no-dns'],
      dnsServers: options.dnsServers,
      useMulticast: !values['no-multicast'],
      leases: leases.options,
      snmpConfig: values['snmp-config'] ?? (env['IPAM_SNMP_CONFIG'] || null),
    },
  };
}
