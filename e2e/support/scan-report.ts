import type { APIRequestContext } from 'playwright-core';
import { reportedHosts, type SeenHost } from '../../packages/server/test/scan-hosts.js';

// The hosts a test says a scan saw are the server tests' own.
export { answering, silent } from '../../packages/server/test/scan-hosts.js';

/** A scanner registered for some subnets, reporting scans through the agent's API. */
export interface ScannerAgent {
  /** The scanner's id, for edits through the API. */
  id: string;
  /** Posts what one scan of the subnet saw (`POST /api/scanner/results`, one batch, done). */
  report(subnetId: string, hosts: readonly SeenHost[]): Promise<void>;
}

async function answered(response: Awaited<ReturnType<APIRequestContext['fetch']>>): Promise<unknown> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${text}`);
  return JSON.parse(text) as unknown;
}

/**
 * Registers a scanner for the subnets through the signed-in session's API (what Settings › Scanners
 * does; the account must be on a paid tier) and reports scans with its key exactly as the agent does,
 * so approval scanning makes its entries through the server's one real path.
 */
export async function registerScanner(
  request: APIRequestContext,
  baseUrl: string,
  subnetIds: readonly string[],
): Promise<ScannerAgent> {
  const me = (await answered(await request.get(`${baseUrl}/api/auth/me`))) as { currentAccountId: string };
  const created = (await answered(
    await request.post(`${baseUrl}/api/accounts/${me.currentAccountId}/scanners`, {
      data: { name: 'E2E scanner', subnets: subnetIds },
    }),
  )) as { id: string; apiKey: string };
  return {
    id: created.id,
    async report(subnetId, hosts) {
      const now = new Date().toISOString();
      const response = await fetch(`${baseUrl}/api/scanner/results`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          subnetId,
          startedAt: now,
          finishedAt: now,
          hosts: reportedHosts(hosts),
        }),
      });
      if (!response.ok) throw new Error(`scan results answered ${response.status}: ${await response.text()}`);
    },
  };
}
