import { type PlanStats } from '@ipam/core/plan-tree';
import { grouped } from './grouped.js';

export interface StatCard {
  label: string;
  value: string;
  tooltip?: string;
}

/** The four stat cards' texts (PL-42) from core's planStats. */
export function statCards(stats: PlanStats): StatCard[] {
  return [
    { label: 'Total Subnets', value: grouped(stats.totalSubnets) },
    { label: 'Active Subnets', value: grouped(stats.activeSubnets) },
    {
      label: 'Total Hosts',
      value: grouped(stats.totalHosts),
      tooltip: `IPv4: ${grouped(stats.ipv4Hosts)} · IPv6: ${grouped(stats.ipv6Hosts)}`,
    },
    { label: 'Avg Utilization', value: `${stats.avgUtilization}%` },
  ];
}

export type UtilizationLevel = 'high' | 'medium' | 'low';

/**
 * The bar's class (PL-54): above 80 % high, above 60 % medium, else low, on the exact ratio as core's
 * warnings are (S17), so 80.04 % (shown 80.0) is high like its warning.
 */
export function utilizationLevel(currentHosts: number, usableHosts: string): UtilizationLevel {
  const hosts = BigInt(currentHosts) * 100n;
  const usable = BigInt(usableHosts);
  if (hosts > usable * 80n) return 'high';
  if (hosts > usable * 60n) return 'medium';
  return 'low';
}

export const utilizationColor: Record<UtilizationLevel, string> = {
  high: 'red',
  medium: 'yellow',
  low: 'green',
};

export const statusColor: Record<string, string> = {
  active: 'green',
  planned: 'blue',
  deprecated: 'gray',
  subdivided: 'violet',
};
