import { messages } from './messages.js';

/** How full a subnet is by the spec's thresholds: above 80 % high, above 90 % very high. */
export type UsageLevel = 'HIGH_UTILIZATION' | 'VERY_HIGH_UTILIZATION';

/** A subnet's usage warning (the spec's 80 % / 90 % rule), or null below 80 %. */
export interface UsageWarning {
  readonly type: UsageLevel;
  readonly message: string;
}

/**
 * The spec's utilization warning for `used` of `listed` host addresses. The thresholds compare the
 * exact ratio and are exclusive ("above 80%"), like the planner's checks; the message shows one decimal.
 */
export function usageWarning(usedCount: bigint | number, listedCount: bigint | number): UsageWarning | null {
  const used = BigInt(usedCount);
  const listed = BigInt(listedCount);
  if (listed <= 0n || used <= 0n) return null;
  const percent = Number((2000n * used + listed) / (2n * listed)) / 10;
  if (used * 100n > listed * 90n)
    return { type: 'VERY_HIGH_UTILIZATION', message: messages.veryHighUtilization(percent) };
  if (used * 100n > listed * 80n)
    return { type: 'HIGH_UTILIZATION', message: messages.highUtilization(percent) };
  return null;
}
