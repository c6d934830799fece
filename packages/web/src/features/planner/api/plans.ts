import type { Plan, PlanValidation } from '@ipam/core/api/plan';
import { planRoutes } from '@ipam/core/api/routes/plans';
import type { z } from 'zod';
import type { planCreateSchema, planUpdateSchema } from '@ipam/core/schemas/plan-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { type ChangeOutcome, useChangeRefresh } from '../../../lib/own-changes.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Every planner write shares this key, so the plan view knows when to show 'Saving changes...' (PL-43). */
export const planWriteKey = ['plan-write'] as const;

/** The account's plans, newest change first (PL-6); live through the account's events. */
export function usePlans(accountId: string) {
  return useQuery({
    queryKey: queryKeys.plans(accountId),
    queryFn: async () => (await call(planRoutes.list, { params: { accountId } })).items,
  });
}

/** One whole plan (PL-8); null id keeps the query idle. */
export function usePlan(accountId: string, planId: string | null) {
  return useQuery({
    queryKey: queryKeys.plan(accountId, planId ?? ''),
    queryFn: () => call(planRoutes.get, { params: { accountId, planId: planId ?? '' } }),
    enabled: planId !== null,
    // A missing plan (404) is an answer, not a hiccup: the screen falls back at once (PL-37).
    retry: false,
  });
}

/** Refreshes what a write of the plan touches (the plan list, the plan: its `plan` event's queries). */
export function useRefreshPlan(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return (planId: string, outcome?: ChangeOutcome) => refresh([{ kind: 'plan', id: planId }], outcome);
}

export type PlanCreateBody = z.input<typeof planCreateSchema>;
export type PlanUpdateBody = z.input<typeof planUpdateSchema>;

/** Creates a plan, from a built-in template or one of the account's template plans (PL-7, PL-74). */
export function useCreatePlan(accountId: string) {
  const refresh = useRefreshPlan(accountId);
  return useMutation({
    mutationKey: planWriteKey,
    mutationFn: (body: PlanCreateBody) => call(planRoutes.create, { params: { accountId }, body }),
    onSuccess: (plan) => refresh(plan.id),
  });
}

/** Saves a plan's name, description, tags, settings (PL-9, PL-50). */
export function useUpdatePlan(accountId: string) {
  const refresh = useRefreshPlan(accountId);
  return useMutation({
    mutationKey: planWriteKey,
    mutationFn: ({ planId, body }: { planId: string; body: PlanUpdateBody }) =>
      call(planRoutes.update, { params: { accountId, planId }, body }),
    onSettled: (_plan, error, { planId }) => refresh(planId, { error }),
  });
}

/** Duplicates a plan (PL-11). */
export function useDuplicatePlan(accountId: string) {
  const refresh = useRefreshPlan(accountId);
  return useMutation({
    mutationKey: planWriteKey,
    mutationFn: (planId: string) => call(planRoutes.duplicate, { params: { accountId, planId }, body: {} }),
    onSuccess: (copy) => refresh(copy.id),
  });
}

/** Deletes a plan with its subnets and history (PL-10). */
export function useDeletePlan(accountId: string) {
  const refresh = useRefreshPlan(accountId);
  return useMutation({
    mutationKey: planWriteKey,
    mutationFn: ({ planId, expectedVersion }: { planId: string; expectedVersion?: number }) =>
      call(planRoutes.remove, { params: { accountId, planId }, body: { expectedVersion } }),
    // The deleted plan's own query is left alone: the screen stops showing it before it could refetch.
    onSuccess: (_done, { planId }) => refresh(planId, { deleted: queryKeys.plan(accountId, planId) }),
  });
}

/** Validates a plan (PL-16) and puts the result into the cached plan; no version change. */
export function useValidatePlan(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => call(planRoutes.validate, { params: { accountId, planId }, body: {} }),
    onSuccess: (planValidation: PlanValidation, planId) => {
      queryClient.setQueryData<Plan>(queryKeys.plan(accountId, planId), (plan) =>
        plan ? { ...plan, planValidation } : plan,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.plans(accountId), exact: true });
    },
  });
}
