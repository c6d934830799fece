import { z } from 'zod';
import { DnsProviderError, plainName, RECORD_TTL, type DnsProvider, type DnsRecord } from './dns-provider.js';

/** Where a PowerDNS Authoritative server's HTTP API listens, and its key. */
export interface PowerDnsOptions {
  /** The API's base address, e.g. http://127.0.0.1:8081 (the server id `localhost` is appended). */
  url: string;
  apiKey: string;
  timeoutMs?: number;
}

/** How often a request PowerDNS answered 500 (busy) is tried again before the outbox takes over. */
const BUSY_RETRIES = 4;

const zoneResponse = z.object({
  rrsets: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      records: z.array(z.object({ content: z.string(), disabled: z.boolean().optional() })),
    }),
  ),
});

function fqdn(name: string): string {
  return `${plainName(name)}.`;
}

function content(record: DnsRecord): string {
  return record.type === 'PTR' ? fqdn(record.value) : record.value;
}

/** PowerDNS Authoritative through its HTTP API (`X-API-Key`), changing one RRset per call. */
export class PowerDnsClient implements DnsProvider {
  constructor(private readonly options: PowerDnsOptions) {}

  async upsert(zone: string, record: DnsRecord): Promise<void> {
    await this.patch(zone, {
      name: fqdn(record.name),
      type: record.type,
      ttl: RECORD_TTL,
      changetype: 'REPLACE',
      records: [{ content: content(record), disabled: false }],
    });
  }

  async remove(zone: string, record: DnsRecord): Promise<void> {
    // Only a set that still holds this value goes: one that moved on to another address stays.
    const current = await this.list(zone, record);
    const holds = current.some(
      (r) =>
        r.name === plainName(record.name) && r.type === record.type && r.value === plainName(record.value),
    );
    if (!holds) return;
    await this.patch(zone, { name: fqdn(record.name), type: record.type, changetype: 'DELETE' });
  }

  async list(zone: string, only?: Pick<DnsRecord, 'name' | 'type'>): Promise<DnsRecord[]> {
    // The API narrows to one RRset when asked (rrset_name/rrset_type), so a removal reads one set, not the zone.
    const filter = only ? `?rrset_name=${encodeURIComponent(fqdn(only.name))}&rrset_type=${only.type}` : '';
    const response = await this.request('GET', zone, undefined, filter);
    const body = zoneResponse.parse(await response.json());
    const records: DnsRecord[] = [];
    for (const set of body.rrsets) {
      if (set.type !== 'A' && set.type !== 'AAAA' && set.type !== 'PTR') continue;
      for (const record of set.records) {
        if (record.disabled === true) continue;
        records.push({ name: plainName(set.name), type: set.type, value: plainName(record.content) });
      }
    }
    return records;
  }

  private async patch(zone: string, rrset: object): Promise<void> {
    await this.request('PATCH', zone, { rrsets: [rrset] });
  }

  /**
   * A request, tried again at once (four times at most, 50–800 ms apart with jitter) when PowerDNS
   * answers 500: its SQLite backend refuses a write that meets another one in progress ("database is
   * locked"), which is busy, not wrong. Every request here is idempotent (GET, or PATCH REPLACE/DELETE
   * of one RRset), so a repeat is harmless. Anything else fails at once, for the outbox to retry later.
   */
  private async request(method: 'GET' | 'PATCH', zone: string, body?: object, query = ''): Promise<Response> {
    for (let retry = 0; ; retry++) {
      try {
        return await this.requestOnce(method, zone, body, query);
      } catch (error) {
        const isBusy = error instanceof DnsProviderError && error.status === 500;
        if (!isBusy || retry >= BUSY_RETRIES) throw error;
        const delay = 50 * 2 ** retry;
        await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * (delay / 2)));
      }
    }
  }

  private async requestOnce(
    method: 'GET' | 'PATCH',
    zone: string,
    body?: object,
    query = '',
  ): Promise<Response> {
    const base = this.options.url.replace(/\/+$/, '');
    const url = `${base}/api/v1/servers/localhost/zones/${encodeURIComponent(fqdn(zone))}${query}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          'X-API-Key': this.options.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new DnsProviderError(
        `PowerDNS at ${base} did not answer (${error instanceof Error ? error.message : 'unknown'})`,
      );
    }
    if (!response.ok) {
      const text = (await response.text()).slice(0, 300);
      throw new DnsProviderError(
        `PowerDNS refused ${method} on zone ${zone}: ${response.status} ${text}`,
        response.status,
      );
    }
    return response;
  }
}
