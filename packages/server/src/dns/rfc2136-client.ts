import { randomInt } from 'node:crypto';
import dnsPacket from 'dns-packet';
import './dns-packet-augment.js';
import { exchangeTcp } from './dns-tcp.js';
import {
  DnsProviderError,
  plainName,
  RECORD_TTL,
  type DnsProvider,
  type DnsRecord,
  type DnsRecordType,
} from './dns-provider.js';
import { signMessage, verifyResponse, type TsigKey } from './tsig.js';

/** Where an RFC 2136 server listens and the TSIG key it accepts updates and transfers for. */
export interface Rfc2136Options {
  host: string;
  port: number;
  key: TsigKey;
  timeoutMs?: number;
}

const UPDATE_FLAGS = 5 << 11; // opcode UPDATE (RFC 2136 §2.2)
const TYPE_CODES: Record<DnsRecordType, number> = { A: 1, AAAA: 28, PTR: 12 };

/**
 * "Delete an RRset" (RFC 2136 §2.5.2): class ANY, TTL 0, empty data. dns-packet has no empty-data form
 * for A/AAAA/PTR, so it is written through the library's documented escape for other types
 * (`UNKNOWN_<code>` with raw bytes), which encodes the same wire form.
 */
function deleteSet(name: string, type: DnsRecordType): dnsPacket.Answer {
  const record = { name, type: `UNKNOWN_${TYPE_CODES[type]}`, class: 'ANY', ttl: 0, data: Buffer.alloc(0) };
  return record as unknown as dnsPacket.Answer;
}

function addRecord(record: DnsRecord, ttl = RECORD_TTL): dnsPacket.Answer {
  return { name: record.name, type: record.type, class: 'IN', ttl, data: record.value };
}

/** A DNS server that takes RFC 2136 dynamic updates signed with TSIG (BIND, Knot, Windows DNS). */
export class Rfc2136Client implements DnsProvider {
  constructor(private readonly options: Rfc2136Options) {}

  async upsert(zone: string, record: DnsRecord): Promise<void> {
    await this.update(zone, [], [deleteSet(record.name, record.type), addRecord(record)]);
  }

  async remove(zone: string, record: DnsRecord): Promise<void> {
    // Prerequisite "RRset exists (value dependent)": a set that moved on to another value is left alone.
    const prerequisite: dnsPacket.Answer = addRecord(record, 0);
    await this.update(zone, [prerequisite], [deleteSet(record.name, record.type)], ['NXRRSET']);
  }

  async list(zone: string): Promise<DnsRecord[]> {
    const id = randomInt(0, 0x10000);
    const signed = signMessage(
      { type: 'query', id, questions: [{ name: zone, type: 'AXFR', class: 'IN' }] },
      this.options.key,
    );
    let soaCount = 0;
    const answers = await exchangeTcp(
      this.options.host,
      this.options.port,
      signed.wire,
      (answer) => {
        const decoded = dnsPacket.decode(answer);
        if (decoded.rcode !== 'NOERROR') return true;
        soaCount += (decoded.answers ?? []).filter((a) => a.type === 'SOA').length;
        return soaCount >= 2;
      },
      this.options.timeoutMs,
    );
    const [first] = answers;
    if (first === undefined) throw new DnsProviderError('the DNS server sent no zone transfer');
    // The first message's MAC is checked; later ones in a transfer chain to it (RFC 8945 §5.3.1) and are not.
    verifyResponse(first, this.options.key, signed.requestMac);
    const records: DnsRecord[] = [];
    for (const answer of answers) {
      const decoded = dnsPacket.decode(answer);
      if (decoded.rcode !== 'NOERROR')
        throw new DnsProviderError(`the DNS server refused the zone transfer of ${zone} (${decoded.rcode})`);
      for (const rr of decoded.answers ?? []) {
        if ((rr.type === 'A' || rr.type === 'AAAA' || rr.type === 'PTR') && typeof rr.data === 'string') {
          records.push({ name: plainName(rr.name), type: rr.type, value: plainName(rr.data) });
        }
      }
    }
    return records;
  }

  private async update(
    zone: string,
    prerequisites: dnsPacket.Answer[],
    updates: dnsPacket.Answer[],
    acceptedCodes: readonly string[] = [],
  ): Promise<void> {
    const id = randomInt(0, 0x10000);
    const signed = signMessage(
      {
        type: 'query',
        id,
        flags: UPDATE_FLAGS,
        questions: [{ name: zone, type: 'SOA', class: 'IN' }],
        answers: prerequisites,
        authorities: updates,
      },
      this.options.key,
    );
    const [answer] = await exchangeTcp(
      this.options.host,
      this.options.port,
      signed.wire,
      () => true,
      this.options.timeoutMs,
    );
    if (answer === undefined) throw new DnsProviderError('the DNS server sent no answer');
    const decoded = dnsPacket.decode(answer);
    if (decoded.id !== id) throw new DnsProviderError('the DNS server answered another message');
    verifyResponse(answer, this.options.key, signed.requestMac);
    const rcode = decoded.rcode;
    if (rcode !== 'NOERROR' && !acceptedCodes.includes(rcode)) {
      throw new DnsProviderError(`the DNS server refused the update of ${zone} (${rcode})`);
    }
  }
}
