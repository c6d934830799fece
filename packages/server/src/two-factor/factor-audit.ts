import { listAccountsOfUser } from '../accounts/account-repository.js';
import { recordAudits, type AuditEntry } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';

/** A sign-in step or factor change of a user, for History. */
export interface UserAudit {
  entity:
    | 'sign_in'
    | 'sign_in_failed'
    | 'sign_in_password'
    | 'sign_in_code'
    | 'sign_in_code_failed'
    | 'sign_in_recovery_code'
    | 'two_factor'
    | 'sign_in_external'
    | 'sign_in_refused';
  action: AuditEntry['action'];
  user: { id: string; email: string };
  /** The entry's fields (the e-mail is added: History names the user by it). */
  fields?: Record<string, unknown>;
  /** Who acted when the user did not (e.g. "ipam admin reset-2fa"). */
  actor?: string;
}

/**
 * Records a user's sign-in step or factor change in the History of every account they belong to: a
 * sign-in is not of one account, and each account's people see who reached their data and how.
 */
export async function recordUserAudit(db: Db, audit: UserAudit): Promise<void> {
  const accounts = await listAccountsOfUser(db, audit.user.id);
  const side = { email: audit.user.email, ...audit.fields };
  await recordAudits(
    db,
    accounts.map((account) => ({
      accountId: account.id,
      userId: audit.actor ? null : audit.user.id,
      action: audit.action,
      entity: audit.entity,
      entityId: audit.user.id,
      ...(audit.action === 'delete' ? { before: side } : { after: side }),
      actor: audit.actor,
    })),
  );
}
