import type { APIRequestContext } from 'playwright-core';

/** What a scan saw of one address: whether it answered, and the name reverse DNS gave it. */
export interface SeenHost {
  ipAddress: string;
  alive: boolean;
  hostname?: string;
}

/** An address that answered the scan (with the name found for it, if any). */
export const answering = (ipAddress: string, hostname?: string): SeenHost => ({
  ipAddress,
  alive: true,
  ...(hostname === undefined ? {} : { hostname }),
});

/** An address that stayed silent. */
export const silent = (ipAddress: string): SeenHost => ({ ipAddress, alive: false });

/** A scanner registered for some subnets, reporting scans through the agent's API. */
export interface ScannerAgent {
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
  )) as { apiKey: string };
  return {
    async report(subnetId, hosts) {
      const now = new Date().toISOString();
      const response = await fetch(`${baseUrl}/api/scanner/results`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          subnetId,
          startedAt: now,
          finishedAt: now,
          hosts: hosts.map((host) => ({ ...host, method: host.alive ? 'icmp' : 'none' })),
        }),
      });
      if (!response.ok) throw new Error(`scan results answered ${response.status}: ${await response.text()}`);
    },
  };
}
