import { errorResponse } from '@ipam/core/api/common';
import {
  scanJobsResponse,
  scanResultsResponse,
  type ScanJobs,
  type ScanResults,
} from '@ipam/core/api/scanner';
import { agentSnmpTargetsResponse, type AgentSnmpTargets } from '@ipam/core/api/snmp-targets';
import { scanResultsSchema, type ScanResultsInput } from '@ipam/core/schemas/scanner-schemas';
import type { z } from 'zod';
import { ScannerApiError } from './scanner-api-error.js';

export interface ScannerClientOptions {
  /** The IPAM server's base URL (a path prefix is kept: https://host/ipam/ → https://host/ipam/api/…). */
  readonly server: URL;
  readonly key: string;
  readonly agentVersion: string;
  readonly timeoutMs?: number;
}

/** The scanner's side of the HTTP contract in core/api/scanner.ts. */
export interface ScannerClient {
  jobs(signal?: AbortSignal): Promise<ScanJobs>;
  postResults(batch: ScanResultsInput, signal?: AbortSignal): Promise<ScanResults>;
  /** The SNMP targets stored for this scanner on the server, with their credentials. */
  snmpTargets?(signal?: AbortSignal): Promise<AgentSnmpTargets>;
}

/** Why fetch threw, in a few words: the system error code when there is one. */
function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) {
    return 'code' in cause && typeof cause.code === 'string'
      ? `${cause.code} (${cause.message})`
      : cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

async function errorText(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = errorResponse.safeParse(body);
  if (!parsed.success) return `${response.status}`;
  const fields = Object.entries(parsed.data.fields ?? {}).map(([field, message]) => `${field}: ${message}`);
  return `${response.status} ${parsed.data.code}: ${parsed.data.error}${fields.length > 0 ? ` (${fields.join('; ')})` : ''}`;
}

/** The ScannerApiError for a non-2xx answer. */
async function statusError(response: Response, subnetId?: string): Promise<ScannerApiError> {
  const text = await errorText(response);
  switch (response.status) {
    case 401:
      return new ScannerApiError(
        'key_refused',
        `the server refused the scanner key (${text}); check IPAM_SCANNER_KEY or regenerate the key in Settings`,
        401,
      );
    case 403:
      return new ScannerApiError('no_scanners', `the account's tier has no scanners (${text})`, 403);
    case 429: {
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      return new ScannerApiError(
        'rate_limited',
        `the server is rate-limiting this scanner (${text})`,
        429,
        Number.isFinite(retryAfter) ? retryAfter : null,
      );
    }
    case 404:
      if (subnetId !== undefined) {
        return new ScannerApiError(
          'subnet_not_given',
          `subnet ${subnetId} is not given to this scanner (${text})`,
          404,
        );
      }
      break;
    case 409:
      if (subnetId !== undefined) {
        return new ScannerApiError(
          'job_refused',
          `the server no longer takes results for subnet ${subnetId} (${text})`,
          409,
        );
      }
      break;
    case 400:
      if (subnetId !== undefined) {
        return new ScannerApiError(
          'batch_refused',
          `the server refused a results batch of subnet ${subnetId} (${text})`,
          400,
        );
      }
      break;
  }
  return new ScannerApiError('server_error', `the server answered ${text}`, response.status);
}

/** An HTTP client for `/api/scanner/*`: every answer parsed with core's response schemas. */
export function scannerClient(options: ScannerClientOptions): ScannerClient {
  const base = new URL(options.server);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const headers = { authorization: `Bearer ${options.key}`, 'x-scanner-version': options.agentVersion };

  async function call<T extends z.ZodType>(
    path: string,
    init: RequestInit,
    schema: T,
    signal: AbortSignal | undefined,
    subnetId?: string,
  ): Promise<z.output<T>> {
    const url = new URL(path, base);
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ScannerApiError(
        'unreachable',
        `cannot reach ${base.origin}: ${networkReason(error, timeoutMs)}`,
      );
    }
    if (!response.ok) throw await statusError(response, subnetId);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ScannerApiError(
        'bad_response',
        `the server's answer to ${url.pathname} is not what this agent expects (is it an IPAM server of this version?)`,
        response.status,
      );
    }
    return parsed.data;
  }

  return {
    jobs: (signal) => call('api/scanner/jobs', { method: 'GET', headers }, scanJobsResponse, signal),
    snmpTargets: (signal) =>
      call('api/scanner/snmp-targets', { method: 'GET', headers }, agentSnmpTargetsResponse, signal),
    async postResults(batch, signal) {
      // The body is built to pass core's input schema: parse it again so nothing else goes out.
      const body = JSON.stringify(scanResultsSchema.parse(batch));
      const init = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body };
      return call('api/scanner/results', init, scanResultsResponse, signal, batch.subnetId);
    },
  };
}
