import { messages } from '@ipam/core/messages';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.js';
import { usePlan, useValidatePlan } from '../api/plans.js';

/**
 * The selected plan (PL-37, PL-38, PL-44): kept in the URL (`?tab=planner&plan=<id>`); a plan that
 * does not exist (or is another account's, after switching accounts: PL-38) falls back to no plan and
 * leaves the URL; one deleted while open says so; opening a plan validates it (PL-32) when the caller
 * may change plans (validating stores its result: a viewer sees the stored one).
 */
export function usePlanSelection(accountId: string, canValidate: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const planId = searchParams.get('plan');
  const plan = usePlan(accountId, planId);
  const validate = useValidatePlan(accountId);
  const [notice, setNotice] = useState<string | null>(null);
  const shownPlan = useRef<string | null>(null);
  const validated = useRef<string | null>(null);

  const select = (id: string | null) => {
    setNotice(null);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', 'planner');
        if (id === null) next.delete('plan');
        else next.set('plan', id);
        return next;
      },
      { replace: id === null },
    );
  };

  const isMissing = plan.error instanceof ApiError && plan.error.status === 404;
  const loadedId = plan.data?.id ?? null;
  const settle = useEffectEvent(() => {
    if (planId === null) return;
    if (loadedId === planId) shownPlan.current = planId;
    if (isMissing) {
      const wasShown = shownPlan.current === planId;
      shownPlan.current = null;
      select(null);
      if (wasShown) setNotice(messages.planDeleted);
      return;
    }
    if (canValidate && loadedId === planId && validated.current !== planId) {
      validated.current = planId;
      validate.mutate(planId);
    }
  });
  useEffect(() => settle(), [planId, loadedId, isMissing]);

  return {
    planId: isMissing ? null : planId,
    plan,
    validate,
    notice,
    dismissNotice: () => setNotice(null),
    select,
    /** Validates the open plan again, as picking it once more does (only for those who may change it). */
    revalidate: () => {
      if (canValidate && planId !== null) validate.mutate(planId);
    },
  };
}
