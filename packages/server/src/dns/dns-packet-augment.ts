// dns-packet exports these at run time (index.js: `exports.name`, the header's `rcode`), but its
// DefinitelyTyped declarations leave them out.
declare module 'dns-packet' {
  /** The library's domain-name encoder (uncompressed wire form). */
  export const name: { encode(text: string): Buffer };
  interface DecodedPacket {
    /** The response code by name: NOERROR, NXRRSET, REFUSED, NOTAUTH, … */
    rcode: string;
  }
}

export {};
