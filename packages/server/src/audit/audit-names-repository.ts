import type { AuditRefKind } from '@ipam/core/audit/audit-values';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';

interface Named {
  id: string;
  name: string;
}

/** The account's objects of one kind among `ids`, with the name people know them by. */
async function namesOfKind(db: Db, accountId: string, kind: AuditRefKind, ids: string[]): Promise<Named[]> {
  switch (kind) {
    case 'group':
      return db
        .selectFrom('groups')
        .select(['id', 'name'])
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .execute();
    case 'vrf':
      return db
        .selectFrom('vrfs')
        .select(['id', 'name'])
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .execute();
    case 'subnet':
      return db
        .selectFrom('subnets')
        .select(['id', 'name'])
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .execute();
    case 'scanner':
      return db
        .selectFrom('scanners')
        .select(['id', 'name'])
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .execute();
    case 'plan':
      return db
        .selectFrom('network_plans')
        .select(['id', 'name'])
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .execute();
    case 'planSubnet':
      return db
        .selectFrom('plan_subnets')
        .innerJoin('network_plans', 'network_plans.id', 'plan_subnets.plan_id')
        .select(['plan_subnets.id', 'plan_subnets.name'])
        .where('network_plans.account_id', '=', accountId)
        .where('plan_subnets.id', 'in', ids)
        .execute();
    case 'invite':
      return db
        .selectFrom('pending_invites')
        .select(['id', 'email as name'])
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .execute();
  }
}

/**
 * The current names of the account's objects with these ids, by kind (another account's id, or a
 * removed object's, is absent): one query per kind and 500 ids.
 */
export async function findNames(
  db: Db,
  accountId: string,
  ids: ReadonlyMap<AuditRefKind, ReadonlySet<string>>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [kind, wanted] of ids) {
    for (const chunk of chunksOf([...wanted])) {
      for (const row of await namesOfKind(db, accountId, kind, chunk)) names.set(row.id, row.name);
    }
  }
  return names;
}
