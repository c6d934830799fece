import { messages } from '@ipam/core/messages';
import { runChange, type ChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { deleteCalculation, findCalculation, type CalculationRow } from './calculation-repository.js';

/** Deletes one of the account's saved calculations; another account's (or a missing one) is a 404. */
export async function removeCalculation(ctx: ChangeContext, id: string): Promise<CalculationRow> {
  const accountId = ctx.account.id;
  return runChange(ctx, async ({ trx, audit, announce }) => {
    const calculation = await findCalculation(trx, accountId, id);
    if (!calculation || !(await deleteCalculation(trx, accountId, id))) {
      throw new DomainError('not_found', messages.notFound);
    }
    audit({
      action: 'delete',
      entity: 'calculation',
      entityId: id,
      before: { type: calculation.type, ipAddress: calculation.ipAddress, cidr: calculation.cidr },
    });
    announce({ kind: 'calculation', id });
    return calculation;
  });
}
