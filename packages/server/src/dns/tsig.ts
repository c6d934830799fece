import { createHmac, timingSafeEqual } from 'node:crypto';
import dnsPacket from 'dns-packet';
import './dns-packet-augment.js';

/**
 * TSIG (RFC 8945) over dns-packet's encoding. dns-packet writes and reads every DNS message here but
 * signs nothing, and no maintained npm library does; so only the MAC is computed here, with
 * node:crypto, over the library's bytes (docs/decisions.md, "DNS sync").
 */

/** The TSIG algorithms a key may use, by the name BIND and `tsig-keygen` give them. */
export const TSIG_ALGORITHMS = [
  'hmac-sha256',
  'hmac-sha512',
  'hmac-sha384',
  'hmac-sha224',
  'hmac-sha1',
  'hmac-md5',
] as const;
export type TsigAlgorithm = (typeof TSIG_ALGORITHMS)[number];

/** A shared TSIG key: its name, algorithm and base64 secret. */
export interface TsigKey {
  name: string;
  algorithm: TsigAlgorithm;
  secret: string;
}

const FUDGE_SECONDS = 300;
const CLASS_ANY = 255;

function algorithmName(algorithm: TsigAlgorithm): string {
  return algorithm === 'hmac-md5' ? 'hmac-md5.sig-alg.reg.int' : algorithm;
}

function wireName(name: string): Buffer {
  return dnsPacket.name.encode(name.toLowerCase());
}

function uint16(value: number): Buffer {
  const buf = Buffer.alloc(2);
  buf.writeUInt16BE(value);
  return buf;
}

function uint48(value: number): Buffer {
  const buf = Buffer.alloc(6);
  buf.writeUIntBE(value, 0, 6);
  return buf;
}

/** The TSIG variables (RFC 8945 §4.3.3) that follow the message in the MAC's input. */
function variables(key: TsigKey, timeSigned: number, error: number, other: Buffer): Buffer {
  const ttl = Buffer.alloc(4);
  return Buffer.concat([
    wireName(key.name),
    uint16(CLASS_ANY),
    ttl,
    wireName(algorithmName(key.algorithm)),
    uint48(timeSigned),
    uint16(FUDGE_SECONDS),
    uint16(error),
    uint16(other.length),
    other,
  ]);
}

function mac(key: TsigKey, parts: Buffer[]): Buffer {
  const hmac = createHmac(key.algorithm.slice('hmac-'.length), Buffer.from(key.secret, 'base64'));
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

/** A signed message and the MAC its response's MAC is chained to. */
export interface SignedMessage {
  wire: Buffer;
  requestMac: Buffer;
}

/** Signs an encoded message: appends a TSIG record (through dns-packet's encoder) to its additional section. */
export function signMessage(packet: dnsPacket.Packet, key: TsigKey, now = Date.now()): SignedMessage {
  const unsigned = dnsPacket.encode(packet);
  const timeSigned = Math.floor(now / 1000);
  const digest = mac(key, [unsigned, variables(key, timeSigned, 0, Buffer.alloc(0))]);
  const rdata = Buffer.concat([
    wireName(algorithmName(key.algorithm)),
    uint48(timeSigned),
    uint16(FUDGE_SECONDS),
    uint16(digest.length),
    digest,
    uint16(packet.id ?? 0),
    uint16(0),
    uint16(0),
  ]);
  const tsigRecord = { name: key.name, type: 'TSIG', class: 'ANY', ttl: 0, data: rdata } as const;
  const wire = dnsPacket.encode({
    ...packet,
    additionals: [...(packet.additionals ?? []), tsigRecord as unknown as dnsPacket.Answer],
  });
  return { wire, requestMac: digest };
}

/**
 * Checks the TSIG of a response (RFC 8945 §5.3): the MAC over the request's MAC, the response without
 * its TSIG record (original id, one additional fewer) and the variables. Throws if missing or wrong.
 */
export function verifyResponse(wire: Buffer, key: TsigKey, requestMac: Buffer): void {
  const decoded = dnsPacket.decode(wire);
  const last = decoded.additionals?.at(-1);
  if (last?.type !== 'TSIG' || !Buffer.isBuffer(last.data))
    throw new Error('the DNS server did not sign its answer');
  const rdata = last.data;
  const tsigLength = wireName(key.name).length + 10 + rdata.length;
  const body = Buffer.from(wire.subarray(0, wire.length - tsigLength));
  const algorithmLength = wireName(algorithmName(key.algorithm)).length;
  let offset = algorithmLength;
  const timeSigned = rdata.readUIntBE(offset, 6);
  offset += 8;
  const macSize = rdata.readUInt16BE(offset);
  offset += 2;
  const given = rdata.subarray(offset, offset + macSize);
  offset += macSize;
  const originalId = rdata.readUInt16BE(offset);
  const error = rdata.readUInt16BE(offset + 2);
  const other = rdata.subarray(offset + 6, offset + 6 + rdata.readUInt16BE(offset + 4));
  if (error !== 0) throw new Error(`the DNS server refused the TSIG key (${tsigErrorName(error)})`);
  body.writeUInt16BE(originalId, 0);
  body.writeUInt16BE(body.readUInt16BE(10) - 1, 10);
  const expected = mac(key, [
    uint16(requestMac.length),
    requestMac,
    body,
    variables(key, timeSigned, error, other),
  ]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new Error("the DNS server's answer has a wrong TSIG signature");
  }
}

function tsigErrorName(code: number): string {
  return { 16: 'BADSIG', 17: 'BADKEY', 18: 'BADTIME', 22: 'BADTRUNC' }[code] ?? `error ${code}`;
}
