import type { SessionInAccount } from '../accounts/account-repository.js';

/**
 * The session and membership check of an account route, made by the route's first query joined to its
 * data (`selectAccountOfSession`): one database round trip instead of two on the route clients call
 * most. The membership hook hands it over (see `isCallerCheckedByQuery`); the route's reader settles
 * it with what the query found before it looks at its data.
 */
export interface CallerCheck {
  /** The session's stored id: the query's `sessionId` parameter. */
  sessionId: string;
  /** The query's `now` parameter: the session must be live then. */
  now: string;
  /** Takes what the joined check found: throws the 401 or 404 the membership hook would, else passes. */
  settle(found: SessionInAccount | undefined): Promise<void>;
}

/**
 * A read made by the route's caller-checked query while the check is pending (settled before its data
 * is looked at), else by the plain query (the membership hook made the check).
 */
export async function readCheckingCaller<T>(
  caller: CallerCheck | null,
  checked: (caller: CallerCheck) => Promise<{ caller: SessionInAccount | undefined; found: T }>,
  plain: () => Promise<T>,
): Promise<T> {
  if (!caller) return plain();
  const joined = await checked(caller);
  await caller.settle(joined.caller);
  return joined.found;
}
