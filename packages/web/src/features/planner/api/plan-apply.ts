import { planApplyResponse } from '@ipam/core/api/plan';
import type { planApplySchema } from '@ipam/core/schemas/plan-schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import type { LiveChange } from '../../../lib/live-refresh.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
import { planPath, planWriteKey } from './plans.js';

export type PlanApplyBody = z.input<typeof planApplySchema>;

/** The Apply to IPAM preview (dryRun: nothing is written) (PL-138). */
export function usePreviewApply(accountId: string, planId: string) {
  return useMutation({
    mutationFn: (body: Omit<PlanApplyBody, 'dryRun'>) =>
      api.post(`${planPath(accountId, planId)}/apply`, { ...body, dryRun: true }, planApplyResponse),
  });
}

/** Creates the IPAM subnets in one transaction (PL-138); the subnet list and the plan refresh. */
export function useApplyPlan(accountId: string, planId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationKey: planWriteKey,
    mutationFn: (body: Omit<PlanApplyBody, 'dryRun'>) =>
      api.post(`${planPath(accountId, planId)}/apply`, { ...body, dryRun: false }, planApplyResponse),
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
