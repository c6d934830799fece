/** A CBOR value the software authenticator writes: what attestation objects and COSE keys hold. */
export type CborValue = number | string | Uint8Array | Map<number | string, CborValue>;

function head(major: number, length: number): Uint8Array {
  if (length < 24) return Uint8Array.of((major << 5) | length);
  if (length < 0x100) return Uint8Array.of((major << 5) | 24, length);
  if (length < 0x10000) return Uint8Array.of((major << 5) | 25, length >> 8, length & 0xff);
  const out = new Uint8Array(5);
  out[0] = (major << 5) | 26;
  new DataView(out.buffer).setUint32(1, length);
  return out;
}

/**
 * Encodes a value as RFC 8949 CBOR (definite lengths, the subset WebAuthn uses): written here rather
 * than borrowed from the library under test, so its decoder reads bytes it did not make.
 */
export function encodeCbor(value: CborValue): Uint8Array {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts: Uint8Array[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}
