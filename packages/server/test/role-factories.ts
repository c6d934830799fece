import type { Role } from '@ipam/core/roles';
import { signUp, uniqueEmail, type TestApp } from './factories.js';
import { sessionFor, type AccountSession } from './ipam-factories.js';

/**
 * A new member of the owner's account with a role, through the real paths: the owner invites the
 * e-mail with the role, the user signs up (joining the account), and for an editor limited to groups
 * the owner sets the limits. The session is aimed at the owner's account.
 */
export async function memberWithRole(
  t: TestApp,
  owner: AccountSession,
  role: Role,
  groupIds: readonly string[] = [],
): Promise<AccountSession> {
  const email = uniqueEmail(role);
  const invited = await owner.call('POST', '/invites', { email, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${invited.text}`);
  const user = await signUp(t, email);
  const member = sessionFor(user.client, { ...user, accountId: owner.accountId });
  if (groupIds.length > 0) {
    const limited = await owner.call('PATCH', `/users/${user.userId}`, { role, groupIds });
    if (limited.status !== 200) throw new Error(`limits not set: ${limited.status} ${limited.text}`);
  }
  return member;
}
