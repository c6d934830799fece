import { findAccountOfMember } from '../src/accounts/account-repository.js';
import type { ChangeContext } from '../src/audit/change-context.js';
import type { Db } from '../src/db/database.js';
import { noopEventPublisher, type AccountEvent, type EventPublisher } from '../src/events/event-publisher.js';
import { createGroup } from '../src/groups/groups.js';
import type { SubnetRecord } from '../src/subnets/subnet-repository.js';
import { createSubnet, type SubnetInput } from '../src/subnets/subnets.js';
import { createUser } from './factories.js';

/** An event publisher that remembers what it was given. */
export function recordingPublisher(): EventPublisher & {
  events: { accountId: string; event: AccountEvent }[];
} {
  const events: { accountId: string; event: AccountEvent }[] = [];
  return { events, publish: (accountId, event) => void events.push({ accountId, event }) };
}

/** A user with their own account at a tier (limits raised with it), as a domain change context. */
export async function createAccountContext(
  db: Db,
  options: { tier?: number; maxnetworks?: number; events?: EventPublisher } = {},
): Promise<ChangeContext> {
  const user = await createUser(db);
  await db
    .updateTable('accounts')
    .set({ tier: options.tier ?? 1, maxnetworks: options.maxnetworks ?? 500 })
    .where('id', '=', user.accountId)
    .execute();
  const account = await findAccountOfMember(db, user.accountId, user.userId);
  if (!account) throw new Error('account not created');
  return { db, account, userId: user.userId, events: options.events ?? noopEventPublisher };
}

/** A group and a subnet in it (`cidr` like 10.0.0.0/24 or 2001:db8::/120). */
export async function createSubnetIn(
  ctx: ChangeContext,
  cidr: string,
  fields: Partial<SubnetInput> = {},
): Promise<SubnetRecord> {
  const [networkIP = '', length = ''] = cidr.split('/');
  const group = await createGroup(ctx, { name: `Group for ${cidr}` });
  return createSubnet(ctx, {
    version: networkIP.includes(':') ? 6 : 4,
    name: `Subnet ${cidr}`,
    vlanId: 1,
    groupId: group.id,
    networkIP,
    length: Number(length),
    ...fields,
  });
}
