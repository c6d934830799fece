import { planSubnetRoutes } from '@ipam/core/api/routes/plan-subnets';
import type { planApplySchema } from '@ipam/core/schemas/plan-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { planWriteKey, useRefreshPlan } from './plans.js';

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
  const queryClient = useQueryClient();
  const refresh = useRefreshPlan(accountId);
  return useMutation({
    mutationKey: planWriteKey,
    mutationFn: (body: Omit<PlanApplyBody, 'dryRun'>) =>
      call(planSubnetRoutes.apply, { params: { accountId, planId }, body: { ...body, dryRun: false } }),
    onSettled: () =>
      Promise.all([
        refresh(planId),
        queryClient.invalidateQueries({ queryKey: queryKeys.subnets(accountId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats(accountId) }),
      ]),
  });
}
