import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { closedPort } from '../../test/loopback.js';
import { ScannerApiError } from './scanner-api-error.js';
import { scannerClient } from './scanner-client.js';

function clientFor(server: string) {
  return scannerClient({
    server: new URL(server),
    key: 'k'.repeat(32),
    agentVersion: '0.1.0',
    timeoutMs: 2000,
  });
}

async function failure(promise: Promise<unknown>): Promise<ScannerApiError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ScannerApiError))
    throw new Error(`expected a ScannerApiError, got ${String(error)}`);
  return error;
}

describe('scannerClient without an IPAM server', () => {
  it('says it cannot reach a server nothing listens for, with the system reason', async () => {
    const port = await closedPort();
    const error = await failure(clientFor(`http://127.0.0.1:${port}`).jobs());
    expect(error.code).toBe('unreachable');
    expect(error.isTransient).toBe(true);
    expect(error.message).toMatch(new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${port}: ECONNREFUSED`));
  });

  it("refuses an answer that is not the contract's (another web server at that address)", async () => {
    const seen: { url?: string; authorization?: string; version?: string } = {};
    const server = createServer((request, response) => {
      Object.assign(seen, {
        url: request.url,
        authorization: request.headers.authorization,
        version: request.headers['x-scanner-version'],
      });
      response.setHeader('content-type', 'application/json');
      response.end('{"hello":"world"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      // A path prefix in the server URL is kept.
      const error = await failure(clientFor(`http://127.0.0.1:${port}/ipam`).jobs());
      expect(error.code).toBe('bad_response');
      expect(seen).toEqual({
        url: '/ipam/api/scanner/jobs',
        authorization: `Bearer ${'k'.repeat(32)}`,
        version: '0.1.0',
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('never sends a batch that fails core’s schema', async () => {
    const port = await closedPort();
    const batch = {
      subnetId: 's1',
      startedAt: 'not a time',
      finishedAt: '2026-11-23T10:00:00.000Z',
      coverage: 'sweep' as const,
      done: true,
      hosts: [],
    };
    // The schema refuses it before any connection is tried (else this would be 'unreachable').
    await expect(clientFor(`http://127.0.0.1:${port}`).postResults(batch)).rejects.toBeInstanceOf(ZodError);
  });
});
