import { formatPrefix } from './cidr.js';
import { messages } from './messages.js';
import { prefixLast, type Prefix } from './prefix.js';
import type { SubnetKind } from './schemas/subnet-schemas.js';

/** A subnet as placement sees it: where it is and whether it holds addresses or subnets. */
export interface PlacedSubnet {
  readonly id: string;
  readonly name: string;
  readonly prefix: Prefix;
  readonly kind: SubnetKind;
}

/** Why a subnet cannot go where it was asked to, with the subnet it collides with. */
export interface PlacementConflict {
  readonly code: 'subnet_overlap';
  readonly message: string;
  readonly other: PlacedSubnet;
}

/** Whether `outer` holds every address of `inner` (same version; equal prefixes hold each other). */
export function holds(outer: Prefix, inner: Prefix): boolean {
  return (
    outer.version === inner.version &&
    outer.length <= inner.length &&
    outer.network <= inner.network &&
    prefixLast(inner) <= prefixLast(outer)
  );
}

/**
 * The networks that could hold `prefix`: the prefix itself and every shorter one around it, longest
 * first (a /24 has 25 of them). A subnet holding `prefix` starts at one of these, so the database finds
 * them by index lookups instead of a scan.
 */
export function enclosingNetworks(prefix: Prefix): Prefix[] {
  const around: Prefix[] = [];
  for (let length = prefix.length; length >= 0; length--) {
    const hostBits = BigInt((prefix.version === 4 ? 32 : 128) - length);
    around.push({ version: prefix.version, network: (prefix.network >> hostBits) << hostBits, length });
  }
  return around;
}

/**
 * The rule of nested prefixes within one VRF (DESIGN.md "Real networks"), given the subnets of the
 * same VRF and version that hold the candidate (`enclosing`) and those it holds (`inside`); a subnet
 * with the candidate's own prefix is in both. Two leaves never overlap; a subnet may lie inside
 * containers only; only a container may be placed around other subnets. Leaf against leaf keeps the
 * specification's overlap message, so an account without containers sees what it always did.
 */
export function placementConflict(
  candidate: { readonly prefix: Prefix; readonly kind: SubnetKind },
  enclosing: readonly PlacedSubnet[],
  inside: readonly PlacedSubnet[],
): PlacementConflict | null {
  const conflict = (other: PlacedSubnet, message: string): PlacementConflict => ({
    code: 'subnet_overlap',
    message,
    other,
  });
  const cidr = (other: PlacedSubnet) => formatPrefix(other.prefix);
  const same = enclosing.find((other) => other.prefix.length === candidate.prefix.length);
  if (same) {
    const bothLeaves = same.kind === 'leaf' && candidate.kind === 'leaf';
    return conflict(
      same,
      bothLeaves
        ? messages.subnetOverlaps(same.name, cidr(same))
        : messages.subnetSamePrefix(same.name, cidr(same)),
    );
  }
  const leafAround = enclosing.find((other) => other.kind === 'leaf');
  if (leafAround) {
    return conflict(
      leafAround,
      candidate.kind === 'leaf'
        ? messages.subnetOverlaps(leafAround.name, cidr(leafAround))
        : messages.subnetInsideLeaf(leafAround.name, cidr(leafAround)),
    );
  }
  if (candidate.kind === 'leaf') {
    const [first] = [...inside].sort((a, b) => (a.prefix.network < b.prefix.network ? -1 : 1));
    if (first) {
      return conflict(
        first,
        first.kind === 'leaf'
          ? messages.subnetOverlaps(first.name, cidr(first))
          : messages.subnetAroundSubnet(first.name, cidr(first)),
      );
    }
  }
  return null;
}

/** The parent of a subnet placed among these holders: the smallest container holding it, or null. */
export function parentAmong(enclosing: readonly PlacedSubnet[], prefix: Prefix): PlacedSubnet | null {
  let parent: PlacedSubnet | null = null;
  for (const other of enclosing) {
    if (other.kind !== 'container' || other.prefix.length >= prefix.length) continue;
    if (parent === null || other.prefix.length > parent.prefix.length) parent = other;
  }
  return parent;
}

/** Splits subnets (one VRF) into those holding `prefix` and those it holds: placement's two inputs. */
export function neighboursOf<T extends PlacedSubnet>(
  subnets: readonly T[],
  prefix: Prefix,
): { enclosing: T[]; inside: T[] } {
  return {
    enclosing: subnets.filter((other) => holds(other.prefix, prefix)),
    inside: subnets.filter((other) => holds(prefix, other.prefix)),
  };
}
