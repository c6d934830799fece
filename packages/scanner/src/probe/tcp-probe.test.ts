import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, listenOn, type Listeners } from '../../test/loopback.js';
import { planJob, toTarget, type ProbeTarget } from '../scan/job-targets.js';
import { isAliveByTcp, tcpConnect, tcpProber } from './tcp-probe.js';

const job = { version: 4 as const, networkIP: '127.0.0.0', prefixLength: 29 };

function sweepOf(plan = planJob(job)): ProbeTarget[] {
  if (plan.coverage !== 'sweep') throw new Error('expected a sweep');
  return plan.targets;
}

function aliveIn(outcomes: Map<string, { alive: boolean }>): string[] {
  return [...outcomes].filter(([, outcome]) => outcome.alive).map(([address]) => address);
}

describe('TCP probe on loopback', () => {
  let listeners: Listeners;
  beforeAll(async () => {
    listeners = await listenOn(['127.0.0.2', '127.0.0.5']);
  });
  afterAll(() => listeners.close());

  it('tells an accepted connection from a refused one', async () => {
    expect(await tcpConnect('127.0.0.2', listeners.port, 1000)).toBe('accepted');
    expect(await tcpConnect('127.0.0.3', listeners.port, 1000)).toBe('refused');
  });

  it('with refused-is-dead finds exactly the two listening hosts of 127.0.0.0/29', async () => {
    const prober = tcpProber({
      ports: [listeners.port],
      isRefusedDead: true,
      timeoutMs: 1000,
      concurrency: 4,
    });
    const outcomes = await prober.probe(sweepOf());
    expect([...outcomes.keys()]).toEqual([
      '127.0.0.1',
      '127.0.0.2',
      '127.0.0.3',
      '127.0.0.4',
      '127.0.0.5',
      '127.0.0.6',
    ]);
    expect(aliveIn(outcomes)).toEqual(['127.0.0.2', '127.0.0.5']);
    expect([...outcomes.values()].every((outcome) => outcome.method === 'tcp')).toBe(true);
  });

  it('counts a refusal as a live host by default (a RST comes from the host itself)', async () => {
    const prober = tcpProber({
      ports: [await closedPort()],
      isRefusedDead: false,
      timeoutMs: 1000,
      concurrency: 2,
    });
    expect(aliveIn(await prober.probe(sweepOf()))).toHaveLength(6);
  });

  it('is alive when any of several ports accepts', async () => {
    const prober = tcpProber({
      ports: [await closedPort(), listeners.port],
      isRefusedDead: true,
      timeoutMs: 1000,
      concurrency: 8,
    });
    expect(aliveIn(await prober.probe(sweepOf()))).toEqual(['127.0.0.2', '127.0.0.5']);
  });

  it('probes IPv6 loopback too', async () => {
    const v6 = await listenOn(['::1']);
    try {
      const target = toTarget('0:0::1');
      if (target === null) throw new Error('::1 should parse');
      const prober = tcpProber({ ports: [v6.port], isRefusedDead: true, timeoutMs: 1000, concurrency: 1 });
      expect(await prober.probe([target])).toEqual(new Map([['::1', { alive: true, method: 'tcp' }]]));
    } finally {
      await v6.close();
    }
  });
});

describe('isAliveByTcp', () => {
  it('needs an accepted connection when refused is dead, any answer otherwise', () => {
    expect(isAliveByTcp(['refused', 'silent'], true)).toBe(false);
    expect(isAliveByTcp(['refused', 'silent'], false)).toBe(true);
    expect(isAliveByTcp(['silent', 'accepted'], true)).toBe(true);
    expect(isAliveByTcp(['silent', 'silent'], false)).toBe(false);
    expect(isAliveByTcp([], false)).toBe(false);
  });
});
