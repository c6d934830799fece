import { snmpTargetSchema, type SnmpTarget } from '@ipam/core/schemas/snmp-schemas';
import type { ScannerClient } from '../api/scanner-client.js';
import type { Logger } from '../log.js';
import type { ScanMeans } from '../scan/scan-job.js';
import type { SightingSource } from '../scan/sightings.js';
import { snmpSource } from './snmp-source.js';

/**
 * The means of a round: the local ones plus a source for each SNMP target stored for this scanner on
 * the server, asked for once a round that has jobs. A source is kept while its target is unchanged
 * (so one walk serves the round's jobs); a server that cannot say (down, or older than this agent)
 * leaves the local sources alone, told once until it answers again.
 */
export function withServerSnmpTargets(
  client: ScannerClient,
  means: ScanMeans,
  log: Logger,
): (signal: AbortSignal) => Promise<ScanMeans> {
  let sources = new Map<string, SightingSource>();
  let lastProblem: string | null = null;
  return async (signal) => {
    if (client.snmpTargets === undefined) return means;
    let targets: SnmpTarget[];
    try {
      const answer = await client.snmpTargets(signal);
      targets = answer.targets.flatMap((target) => {
        const parsed = snmpTargetSchema.safeParse(target);
        return parsed.success ? [parsed.data] : [];
      });
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      if (problem !== lastProblem) {
        log.warn(`the server's SNMP targets could not be read (${problem}); reading local ones only`);
      }
      lastProblem = problem;
      return { ...means, sightingSources: [...(means.sightingSources ?? []), ...sources.values()] };
    }
    lastProblem = null;
    const next = new Map<string, SightingSource>();
    for (const target of targets) {
      const key = JSON.stringify(target);
      next.set(key, sources.get(key) ?? snmpSource(target));
    }
    const names = (map: Map<string, SightingSource>) =>
      [...map.values()].map((source) => source.name).join(', ');
    if (names(next) !== names(sources) || next.size !== sources.size) {
      log.info(`SNMP targets from the server: ${next.size === 0 ? 'none' : names(next)}`);
    }
    sources = next;
    return { ...means, sightingSources: [...(means.sightingSources ?? []), ...sources.values()] };
  };
}
