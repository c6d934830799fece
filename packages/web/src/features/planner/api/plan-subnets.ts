import { planSubnetRoutes } from '@ipam/core/api/routes/plan-subnets';
import type {
  planSplitSchema,
  planSubnetSchema,
  planSubnetUpdateSchema,
} from '@ipam/core/schemas/plan-schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client.js';
import { planWriteKey, useRefreshPlan } from './plans.js';

export type PlanSubnetBody = z.input<typeof planSubnetSchema>;
export type PlanSubnetPatch = z.input<typeof planSubnetUpdateSchema>;
export type PlanSplitBody = z.input<typeof planSplitSchema>;

/**
 * Every subnet write refreshes the plan whatever the answer: after a success the plan has a new
 * version; after a 409 version_conflict the newer plan is what the user must see (PL-20, PL-44).
 */
function useSubnetWrite<Input, Output>(
  accountId: string,
  planId: string,
  send: (input: Input) => Promise<Output>,
) {
  const refresh = useRefreshPlan(accountId);
  return useMutation({
    mutationKey: planWriteKey,
    mutationFn: send,
    onSettled: (_result, error) => refresh(planId, { error }),
  });
}

/** Add Subnet (PL-12). */
export function useAddPlanSubnet(accountId: string, planId: string) {
  return useSubnetWrite(accountId, planId, (body: PlanSubnetBody) =>
    call(planSubnetRoutes.add, { params: { accountId, planId }, body }),
  );
}

/** Edit Subnet (PL-13). */
export function useUpdatePlanSubnet(accountId: string, planId: string) {
  return useSubnetWrite(
    accountId,
    planId,
    ({ subnetId, body }: { subnetId: string; body: PlanSubnetPatch }) =>
      call(planSubnetRoutes.update, { params: { accountId, planId, subnetId }, body }),
  );
}

/** Deletes a subnet and its descendants (PL-14). */
export function useDeletePlanSubnet(accountId: string, planId: string) {
  return useSubnetWrite(
    accountId,
    planId,
    ({ subnetId, expectedVersion }: { subnetId: string; expectedVersion: number }) =>
      call(planSubnetRoutes.remove, { params: { accountId, planId, subnetId }, body: { expectedVersion } }),
  );
}

/** Splits a subnet in one request (PL-15). */
export function useSplitPlanSubnet(accountId: string, planId: string) {
  return useSubnetWrite(accountId, planId, ({ subnetId, body }: { subnetId: string; body: PlanSplitBody }) =>
    call(planSubnetRoutes.split, { params: { accountId, planId, subnetId }, body }),
  );
}
