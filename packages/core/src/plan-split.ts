import { formatPrefix, prefixContains } from './cidr.js';
import { formatAddress, parseAddress } from './ip-address.js';
import { planSubnetPrefix, type PlanSubnetFields } from './plan-subnet-details.js';
import type { PlanSubnetInput, PlanSplitInput } from './schemas/plan-schemas.js';
import { MAX_NAME_LENGTH } from './schemas/common-fields.js';
import { checkSplitCount, splitPrefix } from './split.js';

/** The parent of a split as stored. */
export interface SplitParent extends PlanSubnetFields {
  readonly id: string;
  readonly name: string;
  readonly parentSubnetId: string | null;
  readonly level: number;
  readonly vlan: PlanSubnetInput['vlan'];
  readonly reservedAddresses: ReadonlyArray<{ readonly address: string; readonly type: string }>;
}

/** One child to create: the stored fields of a plan subnet plus its level. */
export type SplitChild = Omit<PlanSubnetInput, 'expectedVersion'> & { readonly level: number };

export type SplitPlanResult =
  | { readonly ok: true; readonly children: SplitChild[] }
  | {
      readonly ok: false;
      readonly code: 'split_not_larger' | 'split_too_long' | 'split_too_many';
      readonly message: string;
    };

/** PL-82: a generated name cut to 100 characters, keeping its numbered end. */
function fitName(base: string, suffix: string): string {
  return base.slice(0, Math.max(0, MAX_NAME_LENGTH - suffix.length)) + suffix;
}

/** PL-82: the name of the n-th child (1-based) under the chosen naming convention. */
export function splitChildName(
  parentName: string,
  network: string,
  index: number,
  naming: PlanSplitInput['naming'],
  customPrefix: string,
): string {
  if (naming === 'network') return network;
  if (naming === 'custom') return fitName(customPrefix.trim() || parentName, ` ${index}`);
  return fitName(parentName, ` - Split ${index}`);
}

/**
 * PL-15, PL-82 … PL-85: the children of splitting `parent` to /newCidr, in address order. Kept
 * original: children hang under it one level down; removed: they take its parent and level (S7).
 * Inherit: the parent's VLAN, plannedGrowth and the reserved addresses inside each child, notes
 * 'Split from {name}'; otherwise no VLAN, growth 25, empty notes. Every child is planned with 0 hosts.
 */
export function planSplitChildren(
  parent: SplitParent,
  options: Pick<PlanSplitInput, 'newCidr' | 'naming' | 'customPrefix' | 'keepOriginal' | 'inherit'>,
): SplitPlanResult {
  const result = splitPrefix(planSubnetPrefix(parent), options.newCidr);
  if (!result.ok) return result;
  const tooMany = checkSplitCount(result.split);
  if (tooMany !== null) return { ok: false, code: 'split_too_many', message: tooMany };

  const reserved = parent.reservedAddresses.map((entry) => ({ entry, value: parseAddress(entry.address) }));
  const children: SplitChild[] = result.split.first(Number(result.split.count)).map((prefix, index) => {
    const network = formatPrefix(prefix);
    return {
      name: splitChildName(parent.name, network, index + 1, options.naming, options.customPrefix),
      description: '',
      ipVersion: parent.ipVersion,
      networkAddress: formatAddress(prefix.version, prefix.network),
      cidr: prefix.length,
      vlan: options.inherit ? parent.vlan : null,
      reservedAddresses: options.inherit
        ? reserved
            .filter(
              ({ value }) =>
                value !== null && value.version === prefix.version && prefixContains(prefix, value.value),
            )
            .map(({ entry }) => ({ address: entry.address, type: entry.type }))
        : [],
      parentSubnetId: options.keepOriginal ? parent.id : parent.parentSubnetId,
      level: options.keepOriginal ? parent.level + 1 : parent.level,
      planning: {
        currentHosts: 0,
        plannedGrowth: options.inherit ? parent.planning.plannedGrowth : 25,
        notes: options.inherit ? `Split from ${parent.name}` : '',
      },
      status: 'planned',
    };
  });
  return { ok: true, children };
}
