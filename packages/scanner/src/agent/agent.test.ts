import { describe, expect, it } from 'vitest';
import { closedPort } from '../../test/loopback.js';
import { scannerClient } from '../api/scanner-client.js';
import { tcpProber } from '../probe/tcp-probe.js';
import { runService } from './agent.js';

describe('runService while the server is down', () => {
  it('keeps polling with growing, jittered waits, logs each failure, and stops when told', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const waits: number[] = [];
    const stop = new AbortController();
    const agent = {
      client: scannerClient({ server: new URL(`http://127.0.0.1:${port}`), key: 'k', agentVersion: '0.1.0' }),
      means: {
        prober: tcpProber({ ports: [port], isRefusedDead: true, timeoutMs: 500, concurrency: 1 }),
        readNeighbours: () => Promise.resolve([]),
        reverseLookup: null,
        discover: null,
      },
      log: {
        info: (m: string) => lines.push(`info ${m}`),
        warn: (m: string) => lines.push(`warn ${m}`),
        error: (m: string) => lines.push(`error ${m}`),
      },
      sleep: (ms: number) => {
        waits.push(ms);
        if (waits.length === 4) stop.abort();
        return Promise.resolve();
      },
    };
    await runService(agent, stop.signal);
    expect(waits).toHaveLength(4);
    [5_000, 10_000, 20_000, 40_000].forEach((ceiling, index) => {
      expect(waits[index]).toBeGreaterThanOrEqual(ceiling / 2);
      expect(waits[index]).toBeLessThanOrEqual(ceiling);
    });
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^warn polling for jobs failed: cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED .*; trying again in \d+\.\d s$/,
    );
  });
});
