import type { Prefix } from './prefix.js';
import { enclosingNetworks, type PlacedSubnet } from './subnet-placement.js';

function keyOf(prefix: Prefix): string {
  return `${prefix.version}/${prefix.network.toString(16)}/${prefix.length}`;
}

/**
 * Subnets of one VRF being placed in one go (a plan's apply, a subnet import), found by prefix in
 * time that grows with the prefix length (33 or 129 lookups) instead of with the number of subnets:
 * each subnet is filed under its own prefix and, as a subnet inside, under every network around it.
 * Placing 10,000 subnets one after another against a list took 10,000² comparisons (issue 36).
 */
export class PlacedSubnetIndex<T extends PlacedSubnet> {
  private readonly atPrefix = new Map<string, T[]>();
  /** For each network, the subnet with the lowest network address inside it (the first added on a tie). */
  private readonly lowestInside = new Map<string, T>();

  constructor(subnets: Iterable<T> = []) {
    for (const subnet of subnets) this.add(subnet);
  }

  /** Files a subnet under its prefix and under every network that holds it. */
  add(subnet: T): void {
    const key = keyOf(subnet.prefix);
    const same = this.atPrefix.get(key);
    if (same) same.push(subnet);
    else this.atPrefix.set(key, [subnet]);
    for (const around of enclosingNetworks(subnet.prefix)) {
      const aroundKey = keyOf(around);
      const lowest = this.lowestInside.get(aroundKey);
      if (!lowest || subnet.prefix.network < lowest.prefix.network) this.lowestInside.set(aroundKey, subnet);
    }
  }

  /** The subnets filed with exactly this prefix. */
  at(prefix: Prefix): readonly T[] {
    return this.atPrefix.get(keyOf(prefix)) ?? [];
  }

  /**
   * Placement's two inputs for `prefix` (see `placementConflict`): every subnet holding it, and of the
   * subnets it holds only the one with the lowest address, which is all the rule reads of them.
   */
  neighboursOf(prefix: Prefix): { enclosing: T[]; inside: T[] } {
    const enclosing = enclosingNetworks(prefix).flatMap((around) => this.at(around));
    const lowest = this.lowestInside.get(keyOf(prefix));
    return { enclosing, inside: lowest ? [lowest] : [] };
  }
}
