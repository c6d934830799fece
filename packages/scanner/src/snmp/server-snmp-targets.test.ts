import { describe, expect, it } from 'vitest';
import { closedPort } from '../../test/loopback.js';
import { scannerClient } from '../api/scanner-client.js';
import type { ScanMeans } from '../scan/scan-job.js';
import type { SightingSource } from '../scan/sightings.js';
import { withServerSnmpTargets } from './server-snmp-targets.js';

describe('withServerSnmpTargets', () => {
  it('keeps the local sources when the server cannot say, and tells it once until it answers', async () => {
    const port = await closedPort();
    const client = scannerClient({
      server: new URL(`http://127.0.0.1:${port}`),
      key: 'k'.repeat(32),
      agentVersion: 'test',
    });
    const local: SightingSource = { name: 'snmp local', read: () => Promise.resolve([]) };
    const means: ScanMeans = {
      prober: { description: 'none', probe: () => Promise.resolve(new Map()) },
      readNeighbours: () => Promise.resolve([]),
      reverseLookup: null,
      discover: null,
      sightingSources: [local],
    };
    const warnings: string[] = [];
    const log = {
      info: () => undefined,
      warn: (line: string) => warnings.push(line),
      error: () => undefined,
    };
    const refresh = withServerSnmpTargets(client, means, log);
    for (let round = 0; round < 2; round++) {
      const refreshed = await refresh(new AbortController().signal);
      expect(refreshed.sightingSources).toEqual([local]);
    }
    expect(warnings).toEqual([
      expect.stringMatching(
        /^the server's SNMP targets could not be read \(cannot reach .*ECONNREFUSED.*\); reading local ones only$/,
      ),
    ]);
  });
});
