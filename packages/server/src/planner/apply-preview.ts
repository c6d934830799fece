import type { PlanApply } from '@ipam/core/api/plan';
import { formatPrefix } from '@ipam/core/cidr';
import { messages } from '@ipam/core/messages';
import { planSubnetPrefix } from '@ipam/core/plan-subnet-details';
import { planTree } from '@ipam/core/plan-tree';
import { prefixLast, type Prefix } from '@ipam/core/prefix';
import type { AccountRecord } from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { countSubnets, findOverlappingSubnet } from '../subnets/subnet-repository.js';
import { subnetPrefix } from '../subnets/subnet-rules.js';
import type { PlanSubnetRecord } from './plan-subnet-repository.js';
import { planSubnetView } from './plan-view.js';

/** One previewed item with the prefix it would create. */
export type ApplyItem = PlanApply['items'][number] & { prefix: Prefix; subnet: PlanSubnetRecord };

/**
 * PL-138: the plan subnets to apply — the chosen ones (an unknown id is a 404), or by default every
 * active or planned leaf — in tree order. None is a 400.
 */
export function chooseSubnets(
  subnets: readonly PlanSubnetRecord[],
  subnetIds: readonly string[] | undefined,
): PlanSubnetRecord[] {
  const { order, childIds } = planTree(subnets);
  let chosen: PlanSubnetRecord[];
  if (subnetIds === undefined) {
    chosen = order.filter((s) => (s.status === 'active' || s.status === 'planned') && !childIds.has(s.id));
  } else {
    const wanted = new Set(subnetIds);
    for (const id of wanted) {
      if (!subnets.some((subnet) => subnet.id === id))
        throw new DomainError('not_found', messages.subnetNotFound);
    }
    chosen = order.filter((subnet) => wanted.has(subnet.id));
  }
  if (chosen.length === 0) {
    throw new DomainError('validation_failed', messages.applyNothingSelected, {
      subnetIds: messages.applyNothingSelected,
    });
  }
  return chosen;
}

const overlapsPrefix = (a: Prefix, b: Prefix) =>
  a.version === b.version && a.network <= prefixLast(b) && b.network <= prefixLast(a);

/**
 * PL-138: what applying each plan subnet would do, under the rules of a hand-made subnet: its
 * errors, the tier's prefixes, an existing IPAM subnet (the same network: exists; any other overlap:
 * refused), another chosen subnet it overlaps, and the account's maxnetworks.
 */
export async function previewApply(
  db: Db,
  account: AccountRecord,
  chosen: readonly PlanSubnetRecord[],
): Promise<ApplyItem[]> {
  let count = await countSubnets(db, account.id);
  const creating: ApplyItem[] = [];
  const items: ApplyItem[] = [];
  for (const subnet of chosen) {
    const prefix = planSubnetPrefix(subnet);
    const base = {
      planSubnetId: subnet.id,
      name: subnet.name,
      network: formatPrefix(prefix),
      ipVersion: subnet.ipVersion,
      subnetId: null,
      prefix,
      subnet,
    };
    const item = async (): Promise<ApplyItem> => {
      if (!planSubnetView(subnet, 0, []).validationResults.isValid) {
        return { ...base, outcome: 'invalid', message: messages.applyInvalid };
      }
      try {
        subnetPrefix(account, prefix.version, subnet.networkAddress, prefix.length);
      } catch (error) {
        if (error instanceof DomainError) return { ...base, outcome: 'not_in_tier', message: error.message };
        throw error;
      }
      const existing = await findOverlappingSubnet(db, account.id, prefix);
      if (
        existing &&
        existing.prefix.network === prefix.network &&
        existing.prefix.length === prefix.length
      ) {
        return { ...base, outcome: 'exists', message: messages.applyExists, subnetId: existing.id };
      }
      if (existing) {
        const message = messages.applyOverlaps(existing.name, formatPrefix(existing.prefix));
        return { ...base, outcome: 'overlaps', message };
      }
      const sibling = creating.find((other) => overlapsPrefix(other.prefix, prefix));
      if (sibling)
        return {
          ...base,
          outcome: 'overlaps',
          message: messages.applyOverlaps(sibling.name, sibling.network),
        };
      if (count >= account.maxnetworks) {
        return { ...base, outcome: 'over_limit', message: messages.applyOverLimit(account.maxnetworks) };
      }
      count += 1;
      const created: ApplyItem = { ...base, outcome: 'create', message: messages.applyWillCreate };
      creating.push(created);
      return created;
    };
    items.push(await item());
  }
  return items;
}
