import { messages } from '@ipam/core/messages';
import { recordAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { deleteCalculation, findCalculation, type CalculationRow } from './calculation-repository.js';

/** Deletes one of the account's saved calculations; another account's (or a missing one) is a 404. */
export async function removeCalculation(
  db: Db,
  accountId: string,
  id: string,
  actorId: string,
): Promise<CalculationRow> {
  return db.transaction().execute(async (trx) => {
    const calculation = await findCalculation(trx, accountId, id);
    if (!calculation || !(await deleteCalculation(trx, accountId, id))) {
      throw new DomainError('not_found', messages.notFound);
    }
    await recordAudit(trx, {
      accountId,
      userId: actorId,
      action: 'delete',
      entity: 'calculation',
      entityId: id,
      before: { type: calculation.type, ipAddress: calculation.ipAddress, cidr: calculation.cidr },
    });
    return calculation;
  });
}
