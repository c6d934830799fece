import { parseAddress, formatAddress } from '@ipam/core/ip-address';
import pMap from 'p-map';
import type { ProbeTarget } from '../scan/job-targets.js';
import {
  DEFAULT_FPING_TIMING,
  fpingArguments,
  fpingDeadlineMs,
  pingArguments,
  type FpingTiming,
} from './icmp-arguments.js';
import { ProbeError, type ProbeOutcomes, type Prober } from './prober.js';
import { runProgram } from './run-program.js';

/** The canonical texts of the addresses fping printed as alive (one a line). */
export function parseFpingAlive(stdout: string): Set<string> {
  const alive = new Set<string>();
  for (const line of stdout.split('\n')) {
    const parsed = parseAddress(line.trim());
    if (parsed !== null) alive.add(formatAddress(parsed.version, parsed.value));
  }
  return alive;
}

/** ICMP echo through fping: one process per batch. */
export function fpingProber(fping: string, timing: FpingTiming = DEFAULT_FPING_TIMING): Prober {
  return {
    description: 'icmp (fping)',
    async probe(targets) {
      const outcomes: ProbeOutcomes = new Map();
      if (targets.length === 0) return outcomes;
      const result = await runProgram(
        fping,
        fpingArguments(targets, timing),
        fpingDeadlineMs(targets.length, timing),
      );
      // 0: every host answered, 1: some did not; anything else (2–4, or killed) is fping failing.
      if (result.exitCode !== 0 && result.exitCode !== 1) {
        const reason = result.stderr.trim().split('\n')[0] || `exit status ${result.exitCode ?? 'killed'}`;
        throw new ProbeError(`fping failed: ${reason}`);
      }
      const alive = parseFpingAlive(result.stdout);
      for (const target of targets)
        outcomes.set(target.text, { alive: alive.has(target.text), method: 'icmp' });
      return outcomes;
    },
  };
}

/** ICMP echo through the system ping: one process per host, at most `concurrency` at once. */
export function pingProber(ping: string, timeoutMs: number, concurrency: number): Prober {
  return {
    description: 'icmp (ping)',
    async probe(targets) {
      const answers = await pMap(
        targets,
        async (target: ProbeTarget) => {
          const result = await runProgram(ping, pingArguments(target, timeoutMs), timeoutMs + 2_000);
          return result.exitCode === 0;
        },
        { concurrency },
      );
      const outcomes: ProbeOutcomes = new Map();
      targets.forEach((target, index) =>
        outcomes.set(target.text, { alive: answers[index] === true, method: 'icmp' }),
      );
      return outcomes;
    },
  };
}
