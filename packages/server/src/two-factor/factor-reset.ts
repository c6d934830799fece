import { deleteSessionsOfUser } from '../auth/session-repository.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { recordUserAudit } from './factor-audit.js';
import { deletePasskeysOfUser } from './passkey-repository.js';
import { deletePendingLoginsOfUser } from './pending-login-repository.js';
import { deleteFactorsOfUser } from './totp-repository.js';

/**
 * The operator's reset (`ipam admin reset-2fa`): removes the user's TOTP factor, recovery codes and
 * passkeys, and ends every session and pending sign-in of theirs; History records it with the operator
 * as actor.
 */
export async function resetFactors(
  db: Db,
  user: { id: string; email: string },
): Promise<{ hadFactor: boolean; endedSessions: number }> {
  return db.transaction().execute(async (trx) => {
    const hadTotp = await deleteFactorsOfUser(trx, user.id);
    const passkeysRemoved = await deletePasskeysOfUser(trx, user.id);
    const endedSessions = await deleteSessionsOfUser(trx, user.id, null);
    await deletePendingLoginsOfUser(trx, user.id, nowIso());
    await recordUserAudit(trx, {
      entity: 'two_factor',
      action: 'delete',
      user,
      fields: {
        ...(hadTotp ? { method: 'totp' } : {}),
        ...(passkeysRemoved > 0 ? { passkeysRemoved } : {}),
        resetBy: 'ipam admin reset-2fa',
        endedSessions,
      },
      actor: 'ipam admin reset-2fa',
    });
    return { hadFactor: hadTotp || passkeysRemoved > 0, endedSessions };
  });
}
