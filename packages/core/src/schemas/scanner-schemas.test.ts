import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  MAX_SCAN_HOSTS_PER_BATCH,
  MAX_SCANNER_SUBNETS,
  scannerCreateSchema,
  scannerUpdateSchema,
  scanResultsSchema,
} from './scanner-schemas.js';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('scannerCreateSchema', () => {
  it('fills description, subnets and blockScanning', () => {
    expect(scannerCreateSchema.parse({ name: ' HQ ' })).toEqual({
      name: 'HQ',
      description: '',
      subnets: [],
      blockScanning: false,
    });
  });

  it('refuses a missing name', () => {
    expect(messagesOf(scannerCreateSchema.safeParse({}))).toEqual(['Scanner name is required.']);
  });

  it('refuses a name over 100 characters', () => {
    expect(messagesOf(scannerCreateSchema.safeParse({ name: 'n'.repeat(101) }))).toEqual([
      'Scanner name must be at most 100 characters.',
    ]);
  });

  it('drops repeated subnet ids', () => {
    expect(scannerCreateSchema.parse({ name: 'a', subnets: ['s1', 's2', 's1'] }).subnets).toEqual([
      's1',
      's2',
    ]);
  });

  it('refuses subnets that are not a list', () => {
    expect(messagesOf(scannerCreateSchema.safeParse({ name: 'a', subnets: 's1' }))).toEqual([
      'Subnets must be a list.',
    ]);
  });

  it(`refuses more than ${MAX_SCANNER_SUBNETS} subnets`, () => {
    const subnets = Array.from({ length: MAX_SCANNER_SUBNETS + 1 }, (_, i) => `s${i}`);
    expect(messagesOf(scannerCreateSchema.safeParse({ name: 'a', subnets }))).toEqual([
      `Subnets can hold at most ${MAX_SCANNER_SUBNETS} entries.`,
    ]);
  });

  it('refuses an API key from the client', () => {
    expect(scannerCreateSchema.safeParse({ name: 'a', apiKey: 'x'.repeat(32) }).success).toBe(false);
  });

  it('refuses blockScanning given as a number', () => {
    expect(messagesOf(scannerCreateSchema.safeParse({ name: 'a', blockScanning: 1 }))).toEqual([
      'Block scanning must be true or false.',
    ]);
  });
});

describe('scannerUpdateSchema', () => {
  it('accepts blocking alone', () => {
    expect(scannerUpdateSchema.parse({ blockScanning: true })).toEqual({ blockScanning: true });
  });

  it('refuses a name emptied on edit', () => {
    expect(messagesOf(scannerUpdateSchema.safeParse({ name: '' }))).toEqual(['Scanner name is required.']);
  });
});

describe('scanResultsSchema', () => {
  const base = { subnetId: 's1', startedAt: '2026-11-23T10:00:00Z', finishedAt: '2026-11-23T10:00:05Z' };

  it('takes hosts with their method, lower-cases a MAC and defaults to one finished sweep', () => {
    const parsed = scanResultsSchema.parse({
      ...base,
      hosts: [
        { ipAddress: ' 10.0.0.1 ', alive: true, hostname: 'a.lan', mac: 'AA:BB:CC:DD:EE:FF', method: 'icmp' },
      ],
    });
    expect(parsed).toEqual({
      ...base,
      coverage: 'sweep',
      done: true,
      hosts: [
        { ipAddress: '10.0.0.1', alive: true, hostname: 'a.lan', mac: 'aa:bb:cc:dd:ee:ff', method: 'icmp' },
      ],
    });
  });

  it('refuses a batch over the limit, an unknown method, a bad MAC and a time without a zone', () => {
    const host = { ipAddress: '10.0.0.1', alive: false, method: 'tcp' };
    const tooMany = Array.from({ length: MAX_SCAN_HOSTS_PER_BATCH + 1 }, () => host);
    expect(messagesOf(scanResultsSchema.safeParse({ ...base, hosts: tooMany }))).toEqual([
      messages.tooManyItems('Hosts', MAX_SCAN_HOSTS_PER_BATCH),
    ]);
    expect(scanResultsSchema.safeParse({ ...base, hosts: [{ ...host, method: 'magic' }] }).success).toBe(
      false,
    );
    expect(scanResultsSchema.safeParse({ ...base, hosts: [{ ...host, mac: 'zz' }] }).success).toBe(false);
    expect(scanResultsSchema.safeParse({ ...base, startedAt: '2026-11-23 10:00', hosts: [] }).success).toBe(
      false,
    );
    expect(scanResultsSchema.safeParse({ ...base, hosts: [{ ...host, extra: 1 }] }).success).toBe(false);
  });
});
