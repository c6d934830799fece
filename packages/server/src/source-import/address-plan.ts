import { hostAddressProblem } from '@ipam/core/address-listing';
import { formatPrefix } from '@ipam/core/cidr';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { addressUpdateSchema } from '@ipam/core/schemas/address-schemas';
import type { AddressFields } from '../addresses/address-row.js';
import type { SubnetPlan } from './subnet-plan.js';
import type { SourceAddress } from './source-model.js';

/** An address of the source placed in its subnet here, its fields checked by core's schema. */
export interface PlacedAddress {
  source: SourceAddress;
  subnet: SubnetPlan & { id: string };
  value: bigint;
  object: string;
  fields: Omit<AddressFields, 'allowScannerUpdate'>;
}

/** Why an address of the source is not imported. */
export interface RefusedAddress {
  source: SourceAddress;
  object: string;
  reason: string;
}

/**
 * Finds the source subnet an address belongs to: the deepest one of its VRF that holds it. Source
 * subnets are kept by VRF, version and prefix; a lookup tries only the prefix lengths the source uses.
 */
export class AddressLocator {
  private readonly byPrefix = new Map<string, SubnetPlan>();
  private readonly lengths = new Map<string, number[]>();
  private readonly seen = new Map<string, string>();

  constructor(
    plans: readonly SubnetPlan[],
    private readonly vrfIdOf: (vrfKey: string | null) => string | undefined,
  ) {
    for (const plan of plans) {
      const { prefix, vrfId } = plan;
      if (!prefix || !vrfId) continue;
      const area = `${vrfId}|${prefix.version}`;
      if (!this.byPrefix.has(`${area}|${prefix.network}/${prefix.length}`)) {
        this.byPrefix.set(`${area}|${prefix.network}/${prefix.length}`, plan);
      }
      const lengths = this.lengths.get(area) ?? [];
      if (!lengths.includes(prefix.length)) lengths.push(prefix.length);
      this.lengths.set(
        area,
        lengths.sort((a, b) => b - a),
      );
    }
  }

  /** Places one address, or says why it is not imported. */
  place(source: SourceAddress): PlacedAddress | RefusedAddress {
    const parsed = parseAddress(source.ip.trim());
    if (parsed === null || parsed.zone !== null) {
      return { source, object: source.ip, reason: messages.sourceAddressInvalid(source.ip) };
    }
    const { version, value } = parsed;
    const vrfId = this.vrfIdOf(source.vrfKey);
    const ip = formatAddress(version, value);
    if (vrfId === undefined)
      return { source, object: ip, reason: messages.sourceVrfSkipped(source.vrfKey ?? '') };
    const area = `${vrfId}|${version}`;
    const bits = version === 4 ? 32 : 128;
    let plan: SubnetPlan | undefined;
    for (const length of this.lengths.get(area) ?? []) {
      const hostBits = BigInt(bits - length);
      plan = this.byPrefix.get(`${area}|${(value >> hostBits) << hostBits}/${length}`);
      if (plan) break;
    }
    if (!plan?.prefix) return { source, object: ip, reason: messages.sourceOutsideSubnets };
    const object = `${ip}${plan.object.includes(' (') ? plan.object.slice(plan.object.indexOf(' (')) : ''}`;
    const cidr = formatPrefix(plan.prefix);
    if (plan.outcome === 'skipped' || plan.id === undefined || !plan.fields) {
      return { source, object, reason: messages.sourceSubnetSkipped(cidr) };
    }
    if (plan.fields.kind === 'container') return { source, object, reason: messages.sourceInContainer(cidr) };
    const problem = hostAddressProblem(plan.fields.prefix, value);
    if (problem !== null) {
      const reason =
        problem === 'network'
          ? messages.networkAddressNotHost(ip, cidr)
          : problem === 'broadcast'
            ? messages.broadcastAddressNotHost(ip, cidr)
            : messages.addressOutsideSubnet(cidr);
      return { source, object, reason };
    }
    const fields = addressUpdateSchema
      .omit({ allowScannerUpdate: true })
      .safeParse({ status: source.status, hostname: source.hostname, description: source.description });
    if (!fields.success) {
      return { source, object, reason: fields.error.issues[0]?.message ?? messages.invalidRequest };
    }
    const seenKey = `${plan.id}|${value}`;
    const first = this.seen.get(seenKey);
    if (first !== undefined) return { source, object, reason: messages.sourceDuplicateAddress(first) };
    this.seen.set(seenKey, source.label);
    return { source, subnet: { ...plan, id: plan.id }, value, object, fields: fields.data };
  }
}
