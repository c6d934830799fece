import type { ProbeMethod } from '@ipam/core/schemas/scanner-schemas';
import type { ProbeTarget } from '../scan/job-targets.js';

/** What probing found for one host: alive or not, and how it was found (or last tried). */
export interface ProbeOutcome {
  readonly alive: boolean;
  readonly method: ProbeMethod;
}

/** Outcomes keyed by the target's canonical text. */
export type ProbeOutcomes = Map<string, ProbeOutcome>;

/** One way of finding live hosts; `describe` names it in the log (e.g. "icmp (fping)"). */
export interface Prober {
  readonly description: string;
  probe(targets: readonly ProbeTarget[]): Promise<ProbeOutcomes>;
}

/** A probe program that failed as a whole (cannot open a socket, bad arguments): the job fails. */
export class ProbeError extends Error {
  readonly code = 'probe_failed';
}

/**
 * ICMP first, then `fallback` (TCP connects) for the hosts that did not answer: a host that filters
 * ICMP but serves SSH or HTTPS still counts. `absent` names addresses known to have no host (on the
 * local link, ARP/NDP got no answer), which the fallback skips: a sparse /16 on the agent's own
 * segment then costs no TCP timeouts.
 */
export function withFallback(
  first: Prober,
  fallback: Prober,
  absent: () => Promise<ReadonlySet<string>> = () => Promise.resolve(new Set()),
): Prober {
  return {
    description: `${first.description}, then ${fallback.description}`,
    async probe(targets) {
      const outcomes = await first.probe(targets);
      const gone = await absent();
      const silent = targets.filter(
        (target) => outcomes.get(target.text)?.alive !== true && !gone.has(target.text),
      );
      for (const [text, outcome] of await fallback.probe(silent)) outcomes.set(text, outcome);
      return outcomes;
    },
  };
}
