import { randomUUID } from 'node:crypto';
import { DEFAULT_VRF_NAME } from '@ipam/core/schemas/vrf-schemas';
import type { Role } from '@ipam/core/roles';
import type { PrefixRange } from '@ipam/core/tiers';
import type { Db } from '../db/database.js';
import { isPostgres } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import { preparedQuery } from '../db/prepared-query.js';

/** An account row with the spec's field names. */
export interface AccountRecord {
  id: string;
  uid: string;
  reference: string;
  tier: number;
  maxusers: number;
  maxnetworks: number;
  subId: string | null;
  subStatus: string | null;
  subStart: string | null;
  subEnd: string | null;
  /** The IPv6 prefix lengths the operator allows (both null: the tier's default). */
  ipv6PrefixMin: number | null;
  ipv6PrefixMax: number | null;
  /** 1: every member needs a second factor before reaching the account's data (issue 34). */
  requireSecondFactor: number;
}

const accountColumns = [
  'accounts.id',
  'accounts.uid',
  'accounts.reference',
  'accounts.tier',
  'accounts.maxusers',
  'accounts.maxnetworks',
  'accounts.sub_id as subId',
  'accounts.sub_status as subStatus',
  'accounts.sub_start as subStart',
  'accounts.sub_end as subEnd',
  'accounts.ipv6_prefix_min as ipv6PrefixMin',
  'accounts.ipv6_prefix_max as ipv6PrefixMax',
  'accounts.require_second_factor as requireSecondFactor',
] as const;

/** Inserts an account. */
export async function insertAccount(
  db: Db,
  account: Pick<AccountRecord, 'id' | 'uid' | 'reference' | 'tier' | 'maxusers' | 'maxnetworks'> & {
    createdAt: string;
    ipv6Prefixes?: PrefixRange | null;
  },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      id: account.id,
      uid: account.uid,
      reference: account.reference,
      tier: account.tier,
      maxusers: account.maxusers,
      maxnetworks: account.maxnetworks,
      created_at: account.createdAt,
      ipv6_prefix_min: account.ipv6Prefixes?.min ?? null,
      ipv6_prefix_max: account.ipv6Prefixes?.max ?? null,
    })
    .execute();
  // Every account has its default VRF, which holds subnets created without one (issue 30).
  await db
    .insertInto('vrfs')
    .values({
      id: randomUUID(),
      account_id: account.id,
      name: DEFAULT_VRF_NAME,
      rd: null,
      description: '',
      is_default: 1,
      created_at: account.createdAt,
      updated_date: account.createdAt,
      updated_by: null,
    })
    .execute();
}

/** Links a user to an account with a role (no-op when already linked: the role they hold stays). */
export async function linkUser(
  db: Db,
  userId: string,
  accountId: string,
  at: string,
  role: Role,
): Promise<void> {
  await db
    .insertInto('users_accounts')
    .values({ user_id: userId, account_id: accountId, created_at: at, role })
    .onConflict((oc) => oc.columns(['user_id', 'account_id']).doNothing())
    .execute();
}

/** Removes a user's link to an account; returns whether a link existed. */
export async function unlinkUser(db: Db, userId: string, accountId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('users_accounts')
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  // An editor's group limits go with the membership (a later invite starts afresh).
  await db
    .deleteFrom('member_group_limits')
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .execute();
  return Number(result.numDeletedRows) > 0;
}

/** The accounts a user belongs to, the earliest linked first (their own first on a tie). */
export async function listAccountsOfUser(db: Db, userId: string): Promise<AccountRecord[]> {
  return (
    db
      .selectFrom('users_accounts')
      .innerJoin('accounts', 'accounts.id', 'users_accounts.account_id')
      .select(accountColumns)
      .where('users_accounts.user_id', '=', userId)
      .orderBy('users_accounts.created_at')
      // Sign-up links the own account and invited ones in the same instant: the own account goes first.
      .orderBy((eb) => eb.case().when('accounts.uid', '=', userId).then(0).else(1).end())
      .orderBy('accounts.id')
      .execute()
  );
}

/** The account, read fresh, and the user's role in it, when the user belongs to it; else undefined. */
export async function findMembership(
  db: Db,
  accountId: string,
  userId: string,
): Promise<{ account: AccountRecord; role: string } | undefined> {
  const row = await db
    .selectFrom('users_accounts')
    .innerJoin('accounts', 'accounts.id', 'users_accounts.account_id')
    .select([...accountColumns, 'users_accounts.role as role'])
    .where('users_accounts.user_id', '=', userId)
    .where('users_accounts.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { role, ...account } = row;
  return { account, role };
}

/** The account, read fresh, when the user belongs to it; else undefined. */
export async function findAccountOfMember(
  db: Db,
  accountId: string,
  userId: string,
): Promise<AccountRecord | undefined> {
  return db
    .selectFrom('users_accounts')
    .innerJoin('accounts', 'accounts.id', 'users_accounts.account_id')
    .select(accountColumns)
    .where('users_accounts.user_id', '=', userId)
    .where('users_accounts.account_id', '=', accountId)
    .executeTakeFirst();
}

/** A live session's user and the account they belong to: what an account route's caller check reads. */
export interface SessionInAccount {
  userId: string;
  expiresAt: string;
  lastSeenAt: string | null;
  account: AccountRecord;
  /** The user's role in the account, as stored. */
  role: string;
}

/**
 * The caller check of every account route as a query: the live session with this token hash (not
 * expired at `now`) whose user belongs to the account, with the account read fresh; no row when either
 * is missing.
 */
function selectAccountOfSession(db: Db, param: (name: 'sessionId' | 'accountId' | 'now') => string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users_accounts', 'users_accounts.user_id', 'sessions.user_id')
    .innerJoin('accounts', 'accounts.id', 'users_accounts.account_id')
    .select([
      ...accountColumns,
      'sessions.user_id as userId',
      'sessions.expires_at as expiresAt',
      'sessions.last_seen_at as lastSeenAt',
      'users_accounts.role as role',
    ])
    .where('sessions.id', '=', param('sessionId'))
    .where('sessions.expires_at', '>', param('now'))
    .where('users_accounts.account_id', '=', param('accountId'));
}

/** The caller of a `selectAccountOfSession` row. */
function sessionInAccountOf(
  row: AccountRecord & { userId: string; expiresAt: string; lastSeenAt: string | null; role: string },
): SessionInAccount {
  const { userId, expiresAt, lastSeenAt, role, ...account } = row;
  return { userId, expiresAt, lastSeenAt, account, role };
}

const accountOfSession = preparedQuery(['sessionId', 'accountId', 'now'], selectAccountOfSession);

/**
 * The account of a request in one query, compiled once (every account route makes it): the live
 * session with this token hash (not expired at `now`) whose user belongs to the account, read fresh;
 * undefined when either is missing.
 */
export async function findAccountOfSession(
  db: Db,
  sessionId: string,
  accountId: string,
  now: string,
): Promise<SessionInAccount | undefined> {
  const [row] = await accountOfSession(db, { sessionId, accountId, now });
  return row && sessionInAccountOf(row);
}

/**
 * The account with this id, locked for the rest of the transaction on PostgreSQL. FOR NO KEY UPDATE
 * serialises the limit checks that take it, yet lets rows that only reference the account (audit,
 * sessions, links) go in meanwhile, which FOR UPDATE would block.
 */
export async function findAccountForUpdate(db: Db, accountId: string): Promise<AccountRecord | undefined> {
  return db
    .selectFrom('accounts')
    .select(accountColumns)
    .where('accounts.id', '=', accountId)
    .$if(isPostgres(db), (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
}

/** The members of an account with the owner flag, owner first, then by e-mail. */
export async function listMembers(
  db: Db,
  accountId: string,
): Promise<
  {
    id: string;
    email: string;
    displayName: string | null;
    lastLogin: string | null;
    uid: string;
    role: string;
  }[]
> {
  return db
    .selectFrom('users_accounts')
    .innerJoin('users', 'users.id', 'users_accounts.user_id')
    .innerJoin('accounts', 'accounts.id', 'users_accounts.account_id')
    .select([
      'users.id',
      'users.email',
      'users.display_name as displayName',
      'users.last_login as lastLogin',
      'accounts.uid',
      'users_accounts.role',
    ])
    .where('users_accounts.account_id', '=', accountId)
    .orderBy('users.email')
    .execute();
}

/** How many users belong to the account. */
export async function countMembers(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('users_accounts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** Whether the user with this e-mail already belongs to the account. */
export async function isMemberByEmail(db: Db, accountId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users_accounts')
    .innerJoin('users', 'users.id', 'users_accounts.user_id')
    .select('users.id')
    .where('users_accounts.account_id', '=', accountId)
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets an account's tier and limits (operators, billing). */
export async function updateTierAndLimits(
  db: Db,
  accountId: string,
  limits: { tier: number; maxusers: number; maxnetworks: number },
): Promise<boolean> {
  const result = await db.updateTable('accounts').set(limits).where('id', '=', accountId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets the IPv6 prefix lengths the operator allows an account; null goes back to the tier's default. */
export async function updateIpv6Prefixes(
  db: Db,
  accountId: string,
  range: PrefixRange | null,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ipv6_prefix_min: range?.min ?? null, ipv6_prefix_max: range?.max ?? null })
    .where('id', '=', accountId)
    .execute();
}

/** The operator's IPv6 range of an account, or null for the tier's default. */
export function accountIpv6Range(
  account: Pick<AccountRecord, 'ipv6PrefixMin' | 'ipv6PrefixMax'>,
): PrefixRange | null {
  const { ipv6PrefixMin: min, ipv6PrefixMax: max } = account;
  return min === null || max === null ? null : { min: Number(min), max: Number(max) };
}

/** Accounts whose id is `key` or whose owner has e-mail `key` (admin look-up). */
export async function findAccountsByIdOrOwnerEmail(db: Db, key: string): Promise<AccountRecord[]> {
  return db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.uid')
    .select(accountColumns)
    .where((eb) => eb.or([eb('accounts.id', '=', key), eb('users.email', '=', key)]))
    .orderBy('accounts.created_at')
    .execute();
}

/** Every account with its owner's e-mail and member count (admin listing). */
export async function listAllAccounts(
  db: Db,
): Promise<(AccountRecord & { ownerEmail: string; members: number })[]> {
  const rows = await db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.uid')
    .select(accountColumns)
    .select('users.email as ownerEmail')
    .select((eb) =>
      eb
        .selectFrom('users_accounts')
        .select(eb.fn.countAll().as('n'))
        .whereRef('users_accounts.account_id', '=', 'accounts.id')
        .as('members'),
    )
    .orderBy('accounts.created_at')
    .execute();
  return rows.map((row) => ({ ...row, members: toCount(row.members) }));
}

/** An account by id, read fresh (no lock), or undefined. */
export async function findAccountById(db: Db, accountId: string): Promise<AccountRecord | undefined> {
  return db
    .selectFrom('accounts')
    .select(accountColumns)
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
}
