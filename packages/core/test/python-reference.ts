import { spawnSync } from 'node:child_process';

/** What the differential test asks Python's `ipaddress` module about, in one batch. */
export interface ReferenceQuery {
  /** `addr/len` texts, read with `ip_network(strict=False)`. */
  readonly networks: readonly string[];
  /** IPv6 values as hex, written with `str(IPv6Address(value))`. */
  readonly ipv6Values: readonly string[];
  /** Address texts: does `ip_address` accept them, and as what value? */
  readonly addresses: readonly string[];
  /** Dotted IPv4 masks: does Python read `0.0.0.0/<mask>` as a netmask, and to which length? */
  readonly masks: readonly string[];
}

export interface ReferenceNetwork {
  readonly network: string;
  readonly last: string;
  readonly netmask: string;
  readonly hostmask: string;
  readonly numAddresses: string;
  /**
   * `len(list(hosts()))` for IPv4 networks of at most 1024 addresses, else null. (For IPv6 Python leaves
   * out the Subnet-Router anycast address; the spec counts every IPv6 address as usable.)
   */
  readonly hosts: number | null;
}

export interface ReferenceAnswer {
  readonly networks: readonly (ReferenceNetwork | null)[];
  readonly ipv6Values: readonly { readonly text: string; readonly mappedIPv4: string | null }[];
  /** Accepted addresses as their integer value in decimal, refused ones as null. */
  readonly addresses: readonly (string | null)[];
  /** Prefix length when read as a netmask, else null. */
  readonly masks: readonly (number | null)[];
}

const script = String.raw`
import ipaddress, json, sys
q = json.load(sys.stdin)
def network(text):
    try:
        n = ipaddress.ip_network(text, strict=False)
    except ValueError:
        return None
    return {"network": str(n.network_address), "last": str(n.broadcast_address),
            "netmask": str(n.netmask), "hostmask": str(n.hostmask), "numAddresses": str(n.num_addresses),
            "hosts": len(list(n.hosts())) if n.version == 4 and n.num_addresses <= 1024 else None}
def value6(h):
    a = ipaddress.IPv6Address(int(h, 16))
    return {"text": str(a), "mappedIPv4": str(a.ipv4_mapped) if a.ipv4_mapped else None}
def address(text):
    try:
        return str(int(ipaddress.ip_address(text)))
    except ValueError:
        return None
def mask(text):
    try:
        n = ipaddress.IPv4Network("0.0.0.0/" + text)
    except ValueError:
        return None
    return n.prefixlen if str(n.netmask) == text else None
json.dump({"networks": [network(t) for t in q["networks"]], "ipv6Values": [value6(h) for h in q["ipv6Values"]],
           "addresses": [address(t) for t in q["addresses"]], "masks": [mask(t) for t in q["masks"]]}, sys.stdout)
`;

/** Whether python3 can be run here. */
export function hasPython(): boolean {
  return spawnSync('python3', ['-c', 'import ipaddress'], { stdio: 'ignore' }).status === 0;
}

/** Asks Python's `ipaddress` module about a whole batch in a single python3 process. */
export function askPython(query: ReferenceQuery): ReferenceAnswer {
  const run = spawnSync('python3', ['-c', script], {
    input: JSON.stringify(query),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  // Outside input from the reference process; its shape is fixed by the script above.
  return JSON.parse(run.stdout) as ReferenceAnswer;
}
