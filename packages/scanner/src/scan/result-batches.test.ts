import { scanResultsSchema, type ScanHost } from '@ipam/core/schemas/scanner-schemas';
import { describe, expect, it } from 'vitest';
import { resultBatch, resultBatches } from './result-batches.js';

const header = { subnetId: 'subnet-1', startedAt: '2026-11-23T10:00:00.000Z', coverage: 'sweep' as const };
const finishedAt = '2026-11-23T10:00:09.000Z';

function hosts(count: number): ScanHost[] {
  return Array.from({ length: count }, (_, index) => ({
    ipAddress: `10.0.${index >> 8}.${index & 255}`,
    alive: index % 3 === 0,
    method: 'icmp' as const,
  }));
}

describe('resultBatches', () => {
  it('sends a job of 10,000 hosts as 3 batches of at most 4,096; only the last says done', () => {
    const batches = resultBatches(header, hosts(10_000), finishedAt);
    expect(batches.map((batch) => batch.hosts.length)).toEqual([4096, 4096, 1808]);
    expect(batches.map((batch) => batch.done)).toEqual([false, false, true]);
    expect(new Set(batches.map((batch) => batch.startedAt))).toEqual(new Set([header.startedAt]));
    expect(batches.flatMap((batch) => batch.hosts.map((host) => host.ipAddress))).toEqual(
      hosts(10_000).map((host) => host.ipAddress),
    );
    for (const batch of batches) expect(scanResultsSchema.safeParse(batch).success).toBe(true);
  });

  it('sends a job with no hosts as one empty batch that ends it', () => {
    expect(resultBatches({ ...header, coverage: 'known' }, [], finishedAt)).toEqual([
      { ...header, coverage: 'known', finishedAt, done: true, hosts: [] },
    ]);
  });
});

describe('resultBatch', () => {
  it("refuses a body core's schema would refuse, before anything is sent", () => {
    expect(() =>
      resultBatch(
        header,
        [{ ipAddress: '10.0.0.1', alive: true, method: 'icmp', mac: 'nope' }],
        finishedAt,
        true,
      ),
    ).toThrow();
    expect(() => resultBatch({ ...header, startedAt: 'yesterday' }, [], finishedAt, true)).toThrow();
  });
});
