import type { AddressStatus } from '@ipam/core/schemas/address-schemas';

/**
 * What an import reads from another IPAM (phpIPAM, NetBox), in this product's terms but still keyed by
 * the source's own ids. A source module turns the other product's answers into these; the import engine
 * (`source-import.ts`) decides and writes. Keys are the source's ids as text, unique per kind.
 */

/** A VRF of the source. Matched to this account's VRFs by name, without regard to case. */
export interface SourceVrf {
  key: string;
  /** Where it is in the source, for the report: e.g. "phpIPAM VRF 1". */
  label: string;
  name: string;
  /** Route distinguisher, as the source gives it (null: none). */
  rd: string | null;
  description: string;
}

/** A group (phpIPAM section or folder, NetBox tenant or site). Matched by name under the same parent. */
export interface SourceGroup {
  key: string;
  /** Where it is in the source, for the report: e.g. "phpIPAM section 3", "NetBox tenant 2". */
  label: string;
  name: string;
  description: string;
  /** The enclosing group's key (nested sections and folders); null at the top. */
  parentKey: string | null;
}

/** A subnet (phpIPAM subnet, NetBox prefix). Matched on VRF + network. */
export interface SourceSubnet {
  key: string;
  /** The source VRF's key; null for the Global VRF (phpIPAM vrfId 0/null, NetBox vrf null). */
  vrfKey: string | null;
  /** The group it lands in; null: the import's default group. */
  groupKey: string | null;
  /** CIDR text as the source gives it, e.g. "10.1.10.0/24" or "2001:db8::/32". */
  cidr: string;
  /**
   * The source says it holds subnets (NetBox status container). The engine also makes a container of
   * any subnet another imported subnet nests in, since a leaf here holds only addresses.
   */
  isContainer: boolean;
  /** Name for this product (required here): the source's description or name, else the CIDR. */
  name: string;
  description: string;
  /** The VLAN number (not the source's VLAN object id); null: none. */
  vlan: number | null;
  /** Whether the source scanned it (phpIPAM pingSubnet/discoverSubnet): imported as approval scanning. */
  scanned: boolean;
  /** Where the source object is, for the report: e.g. "phpIPAM subnet 9". */
  label: string;
}

/** An address. Placed in the deepest imported leaf subnet of its VRF that holds it; matched on VRF + address. */
export interface SourceAddress {
  key: string;
  vrfKey: string | null;
  /** Dotted (IPv4) or colon (IPv6) text, without a prefix length. */
  ip: string;
  status: AddressStatus;
  hostname: string;
  /** Description, with what this product has no field for yet appended (MAC, owner …). */
  description: string;
  /** Where the source object is, for the report: e.g. "phpIPAM address 11". */
  label: string;
}

/** The structure of a source: everything but its addresses, read in full (at most 100,000 subnets). */
export interface SourceStructure {
  vrfs: SourceVrf[];
  groups: SourceGroup[];
  subnets: SourceSubnet[];
}

/** One source of an import. Never holds its token in anything it logs or answers. */
export interface ImportSource {
  /** The source for people, without its token: e.g. "phpIPAM at http://127.0.0.1:8081/api/importer/". */
  label: string;
  readStructure(): Promise<SourceStructure>;
  /**
   * The addresses in batches (a few thousand at most each), so memory stays bounded whatever the
   * source holds. Called once per pass (a preview and an apply read them again).
   */
  addresses(structure: SourceStructure): AsyncIterable<SourceAddress[]>;
}
