import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, listenOn, type Listeners } from '../../test/loopback.js';
import { planJob, type ProbeTarget } from '../scan/job-targets.js';
import { withFallback } from './prober.js';
import { tcpProber } from './tcp-probe.js';

describe('withFallback', () => {
  let listeners: Listeners;
  beforeAll(async () => {
    listeners = await listenOn(['127.0.0.2', '127.0.0.5']);
  });
  afterAll(() => listeners.close());

  it('asks the fallback about the hosts the first probe found silent, and keeps its verdict', async () => {
    const plan = planJob({ version: 4, networkIP: '127.0.0.0', prefixLength: 29 });
    const targets: ProbeTarget[] = plan.coverage === 'sweep' ? plan.targets : [];
    const first = tcpProber({
      ports: [await closedPort()],
      isRefusedDead: true,
      timeoutMs: 1000,
      concurrency: 8,
    });
    const fallback = tcpProber({
      ports: [listeners.port],
      isRefusedDead: true,
      timeoutMs: 1000,
      concurrency: 8,
    });
    const prober = withFallback(first, fallback);
    const outcomes = await prober.probe(targets);
    expect(outcomes.size).toBe(6);
    expect([...outcomes].filter(([, outcome]) => outcome.alive).map(([address]) => address)).toEqual([
      '127.0.0.2',
      '127.0.0.5',
    ]);
    expect(prober.description).toMatch(/^tcp \d+ \(refused is dead\), then tcp \d+ \(refused is dead\)$/);
  });

  it('skips the hosts the neighbour table says are not there', async () => {
    const plan = planJob({ version: 4, networkIP: '127.0.0.0', prefixLength: 29 });
    const targets: ProbeTarget[] = plan.coverage === 'sweep' ? plan.targets : [];
    const first = tcpProber({
      ports: [await closedPort()],
      isRefusedDead: true,
      timeoutMs: 1000,
      concurrency: 8,
    });
    const fallback = tcpProber({
      ports: [listeners.port],
      isRefusedDead: true,
      timeoutMs: 1000,
      concurrency: 8,
    });
    const prober = withFallback(first, fallback, () => Promise.resolve(new Set(['127.0.0.5'])));
    const outcomes = await prober.probe(targets);
    expect([...outcomes].filter(([, outcome]) => outcome.alive).map(([address]) => address)).toEqual([
      '127.0.0.2',
    ]);
    expect(outcomes.get('127.0.0.5')).toEqual({ alive: false, method: 'tcp' });
  });
});
