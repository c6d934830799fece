import { planSubnetRoutes } from '@ipam/core/api/routes/plan-subnets';
import type { planApplySchema } from '@ipam/core/schemas/plan-schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client.js';
import type { LiveChange } from '../../../lib/live-refresh.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
import { planWriteKey } from './plans.js';

export type PlanApplyBody = z.input<typeof planApplySchema>;

/** The Apply to IPAM preview (dryRun: nothing is written) (PL-138). */
export function usePreviewApply(accountId: string, planId: string) {
  return useMutation({
    mutationFn: (body: Omit<PlanApplyBody, 'dryRun'>) =>
      call(planSubnetRoutes.apply, { params: { accountId, planId }, body: { ...body, dryRun: true } }),
  });
}

/** Creates the IPAM subnets in one transaction (PL-138); the subnet list and the plan refresh. */
export function useApplyPlan(accountId: string, planId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationKey: planWriteKey,
    mutationFn: (body: Omit<PlanApplyBody, 'dryRun'>) =>
      call(planSubnetRoutes.apply, { params: { accountId, planId }, body: { ...body, dryRun: false } }),
    // The server announces the plan and each subnet it created.
    onSettled: (applied, error) => {
      const changes: LiveChange[] = [{ kind: 'plan', id: planId }];
      for (const item of applied?.items ?? []) {
        if (item.outcome === 'create' && item.subnetId) {
          changes.push({ kind: 'subnet', id: item.subnetId, subnetId: item.subnetId });
        }
      }
      return refresh(changes, { error });
    },
  });
}
