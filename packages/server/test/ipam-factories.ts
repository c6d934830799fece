import { randomUUID } from 'node:crypto';
import { parseAddress } from '@ipam/core/ip-address';
import { addressUpdateSchema, type AddressUpdateInput } from '@ipam/core/schemas/address-schemas';
import { tierDefaults } from '@ipam/core/tiers';
import type { z } from 'zod';
import { findAccountOfMember, updateTierAndLimits } from '../src/accounts/account-repository.js';
import type { ApprovalRecord } from '../src/approvals/approval-repository.js';
import type { ChangeContext } from '../src/commands/change.js';
import type { Db } from '../src/db/database.js';
import { noopEventPublisher, type AccountEvent, type EventPublisher } from '../src/events/event-publisher.js';
import { createGroup } from '../src/groups/groups.js';
import type { SubnetRecord } from '../src/subnets/subnet-repository.js';
import { createSubnet, type SubnetInput } from '../src/subnets/subnets.js';
import {
  createUser,
  goodPassword,
  signUp,
  uniqueEmail,
  type TestApp,
  type TestClient,
  type TestResponse,
} from './factories.js';

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

/** A subnet with approval scanning once a day, as a scan's approval entries need. */
export function createApprovalSubnetIn(ctx: ChangeContext, cidr: string): Promise<SubnetRecord> {
  return createSubnetIn(ctx, cidr, { scanningType: 'approval', scanFrequency: 24 });
}

/** An approval entry waiting at `address` (an Available address a scan found), as `replaceApprovals` takes it. */
export function waitingEntryAt(address: string): ApprovalRecord & { value: bigint } {
  return {
    id: randomUUID(),
    ipAddress: address,
    value: parseAddress(address)?.value ?? 0n,
    status: 'Available',
    hostname: '',
    description: '',
    createdAt: '2026-11-01T00:00:00.000Z',
    seen: null,
    hostnameAfter: null,
    macAfter: null,
  };
}

/** A signed-up user calling their account's API: `call('POST', '/groups', {...})`. */
export interface AccountSession {
  client: TestClient;
  accountId: string;
  userId: string;
  email: string;
  /** A request to `/api/accounts/<accountId><path>`; unsafe methods send JSON (`{}` when no body). */
  call(method: string, path: string, body?: unknown): Promise<TestResponse>;
}

/** Signs up a user through the API (a Free account), optionally at another tier and subnet limit. */
export async function accountSession(
  t: TestApp,
  options: { tier?: number; maxnetworks?: number } = {},
): Promise<AccountSession> {
  const user = await signUp(t);
  if (options.tier !== undefined || options.maxnetworks !== undefined) {
    await setTier(t.db, user.accountId, options.tier ?? 0, options.maxnetworks);
  }
  return sessionFor(user.client, user);
}

/** The API session of a client already signed in, aimed at one account. */
export function sessionFor(
  client: TestClient,
  user: { accountId: string; userId: string; email: string },
): AccountSession {
  return {
    client,
    ...user,
    call: (method, path, body) => client.request(method, `/api/accounts/${user.accountId}${path}`, body),
  };
}

/** Sets an account's tier like `ipam admin set-tier` (limits from the tier table unless given). */
export async function setTier(db: Db, accountId: string, tier: number, maxnetworks?: number): Promise<void> {
  const defaults = tierDefaults(tier);
  await updateTierAndLimits(db, accountId, {
    tier,
    maxusers: defaults?.maxusers ?? 100,
    maxnetworks: maxnetworks ?? defaults?.maxnetworks ?? 500,
  });
}

/** Creates a group through the API; answers the created group. */
export async function postGroup(
  session: AccountSession,
  name: string,
  parentId: string | null = null,
): Promise<{ id: string; name: string; parentId: string }> {
  const response = await session.call('POST', '/groups', { name, parentId });
  if (response.status !== 201) throw new Error(`group not created: ${response.status} ${response.text}`);
  return response.body;
}

/** Creates a subnet through the API (`cidr` like 10.0.0.0/24 or 2001:db8::/120) in a group. */
export async function postSubnet(
  session: AccountSession,
  groupId: string,
  cidr: string,
  fields: Record<string, unknown> = {},
): Promise<TestResponse> {
  const [networkIP = '', length = ''] = cidr.split('/');
  return session.call('POST', '/subnets', {
    name: `Subnet ${cidr}`,
    vlanId: 10,
    groupId,
    networkIP,
    ...(networkIP.includes(':') ? { prefixLength: Number(length) } : { bits: Number(length) }),
    ...fields,
  });
}

/** The domain change context of a session's user in their account (for domain calls in route tests). */
export async function contextOf(db: Db, session: AccountSession): Promise<ChangeContext> {
  const account = await findAccountOfMember(db, session.accountId, session.userId);
  if (!account) throw new Error('not a member');
  return { db, account, userId: session.userId, events: noopEventPublisher };
}

/** How many rows of a table belong to a subnet. */
export async function rowsOfSubnet(
  db: Db,
  table: 'ip_addresses' | 'approvals' | 'audit_log' | 'scan_runs',
  subnetId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('subnet_id', '=', subnetId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A signed-up user whose account is on tier 1 (a /8 and IPv6 allowed), with a session cookie. */
export interface TierOnePerson {
  client: TestClient;
  cookie: string;
  userId: string;
  accountId: string;
  ctx: ChangeContext;
}

/** Signs up a user and raises their account to tier 1 (500 subnets). */
export async function tierOnePerson(t: TestApp, email = uniqueEmail()): Promise<TierOnePerson> {
  const user = await signUp(t, email);
  await updateTierAndLimits(t.db, user.accountId, { tier: 1, maxusers: 5, maxnetworks: 500 });
  const account = await findAccountOfMember(t.db, user.accountId, user.userId);
  if (!account) throw new Error('account not found');
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ctx = { db: t.db, account, userId: user.userId, events: noopEventPublisher };
  return { client: user.client, cookie, userId: user.userId, accountId: user.accountId, ctx };
}

/** One request through app.inject with the person's session, under their account (or another). */
export async function injectAs(
  t: TestApp,
  who: TierOnePerson,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  body?: unknown,
  accountId = who.accountId,
) {
  const response = await t.app.inject({
    method,
    url: `/api/accounts/${accountId}${path}`,
    headers: { cookie: who.cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { payload: JSON.stringify(body ?? {}) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the server, checked by each test
  return { status: response.statusCode, body: response.json() as any };
}

/** The body of a PUT that marks an address In Use (scanner updates allowed). */
export const inUseFields = (hostname: string, description = ''): AddressUpdateInput => ({
  status: 'In Use',
  hostname,
  description,
  allowScannerUpdate: true,
});

/** An address's fields as the PUT route parses them: core's addressUpdateSchema fills in the rest. */
export const addressFields = (fields: z.input<typeof addressUpdateSchema>): AddressUpdateInput =>
  addressUpdateSchema.parse(fields);

/** The addresses of a page, in order. */
export const ipsOf = (page: { items: { ipAddress: string }[] }) => page.items.map((item) => item.ipAddress);

/** Signs a new user up through `client`, which then holds the session; their account's API. */
export async function signUpThrough(client: TestClient): Promise<AccountSession> {
  const email = uniqueEmail();
  const response = await client.post('/api/auth/signup', { email, password: goodPassword });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  return sessionFor(client, {
    email,
    userId: response.body.user.id,
    accountId: response.body.accounts.find((a: { isOwner: boolean }) => a.isOwner).id,
  });
}

/** The same session (its cookies) on another client, e.g. one aimed at another process. */
export function withSessionOf(session: AccountSession, client: TestClient): AccountSession {
  for (const [name, value] of session.client.cookies) client.cookies.set(name, value);
  return sessionFor(client, session);
}
