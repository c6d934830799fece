import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import type { ProbeTarget } from '../scan/job-targets.js';

/** How long and how often fping waits; whole milliseconds, checked before they reach an argument. */
export interface FpingTiming {
  readonly timeoutMs: number;
  readonly retries: number;
  readonly intervalMs: number;
}

export const DEFAULT_FPING_TIMING: FpingTiming = { timeoutMs: 500, retries: 1, intervalMs: 2 };

function wholeNumber(value: number, name: string): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number`);
  return String(value);
}

/** An address as a probe program sees it: formatted again from its parsed value, never the text as given. */
function addressArgument(target: Pick<ProbeTarget, 'version' | 'value'>): string {
  return formatAddress(target.version, target.value);
}

/**
 * `fping -a -q -r R -t T -i I <addresses…>`: one process for a batch; it prints the hosts that
 * answered, one a line, and exits 1 when some did not.
 */
export function fpingArguments(targets: readonly ProbeTarget[], timing = DEFAULT_FPING_TIMING): string[] {
  return [
    '-a',
    '-q',
    '-r',
    wholeNumber(timing.retries, 'retries'),
    '-t',
    wholeNumber(timing.timeoutMs, 'timeout'),
    '-i',
    wholeNumber(timing.intervalMs, 'interval'),
    ...targets.map(addressArgument),
  ];
}

/** The longest an fping batch may run before it is killed: sends, waits with back-off, and slack. */
export function fpingDeadlineMs(count: number, timing = DEFAULT_FPING_TIMING): number {
  // fping waits timeout × 1.5^attempt for each retry (its default back-off factor).
  let waits = 0;
  for (let attempt = 0; attempt <= timing.retries; attempt++) waits += timing.timeoutMs * 1.5 ** attempt;
  return Math.ceil(count * timing.intervalMs * (timing.retries + 1) + waits + 5_000);
}

/** `ping -n -c 1 -W S [-6] <address>`: one echo to one host; exit 0 means it answered. */
export function pingArguments(target: ProbeTarget, timeoutMs: number): string[] {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  return [
    '-n',
    '-c',
    '1',
    '-W',
    String(seconds),
    ...(target.version === 6 ? ['-6'] : []),
    addressArgument(target),
  ];
}

/**
 * `ping -6 -n -c 2 -w 3 -I <our address> ff02::1%<interface>`: an echo to every node on the link,
 * sent from our address inside the subnet so hosts answer from theirs. Null for an interface name
 * that is not a valid zone (it comes from the OS, but nothing unchecked reaches an argument).
 */
export function multicastPingArguments(interfaceName: string, source: ProbeTarget): string[] | null {
  // Core accepts a zone on link-local addresses only, so the name is checked on one.
  const zoned = parseAddress(`fe80::1%${interfaceName}`);
  if (zoned === null || zoned.zone !== interfaceName || source.version !== 6) return null;
  return ['-6', '-n', '-c', '2', '-w', '3', '-I', addressArgument(source), `ff02::1%${zoned.zone}`];
}
