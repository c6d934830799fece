import { messages } from '@ipam/core/messages';
import type { AccountSecurityInput } from '@ipam/core/schemas/two-factor-schemas';
import { runChange, type UserChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { setRequireSecondFactor } from './account-security-repository.js';
import { hasSecondFactor } from './second-factor-repository.js';

/**
 * The owner requires (or stops requiring) a second factor of every member. Only the owner may
 * (`accounts.uid`); turning it on needs the owner's own factor first, so the owner is never shut out.
 */
export async function setAccountSecurity(ctx: UserChangeContext, input: AccountSecurityInput): Promise<void> {
  // Owners only (the route table's role); an API token never changes how its account signs in.
  if (ctx.actor !== undefined) {
    throw new DomainError('owner_only', messages.secondFactorOwnerOnly);
  }
  if (input.requireSecondFactor && !(await hasSecondFactor(ctx.db, ctx.userId))) {
    throw new DomainError('second_factor_first', messages.secondFactorFirst);
  }
  const before = ctx.account.requireSecondFactor === 1;
  if (before === input.requireSecondFactor) return;
  await runChange(ctx, async ({ trx, audit, announce }) => {
    await setRequireSecondFactor(trx, ctx.account.id, input.requireSecondFactor);
    audit({
      action: 'update',
      entity: 'account_security',
      entityId: ctx.account.id,
      before: { requireSecondFactor: before },
      after: { requireSecondFactor: input.requireSecondFactor },
    });
    announce({ kind: 'account', id: ctx.account.id });
  });
}
