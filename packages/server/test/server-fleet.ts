import { serverEnv, startBuiltServer, type BuiltServer } from './built-server.js';
import type { TestDatabase } from './dialects.js';
import { goodPassword, uniqueEmail, type TestClient } from './factories.js';
import { sessionFor, type AccountSession } from './ipam-factories.js';

/** Compiled `ipam start` processes on one PostgreSQL database, as behind a load balancer. */
export interface Fleet {
  servers: BuiltServer[];
  /** host:port of each process, in the order of `servers`. */
  upstreams: string[];
  /** Stops every process still running. */
  stop(): Promise<void>;
}

/**
 * Starts `count` processes on `database` the way a deployment behind a proxy runs them: TRUST_PROXY
 * on, loopback only, one data folder (so one secret key), request lines logged (which process
 * answered what).
 */
export async function startFleet(
  count: number,
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<Fleet> {
  if (database.target.kind !== 'postgres') throw new Error('a fleet shares PostgreSQL');
  const vars = serverEnv({
    DATABASE_URL: database.target.url,
    IPAM_DATA_DIR: database.dataDir,
    TRUST_PROXY: 'true',
    ...env,
  });
  const started = await Promise.allSettled(Array.from({ length: count }, () => startBuiltServer(vars)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  return {
    servers,
    upstreams: servers.map((server) => new URL(server.baseUrl).host),
    stop: async () => void (await Promise.all(servers.map((server) => server.stop()))),
  };
}

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

/** The indexes of the processes whose request log holds a line containing `text`. */
export function processesThatLogged(fleet: Fleet, text: string): number[] {
  return fleet.servers.flatMap((server, i) => (server.output().includes(text) ? [i] : []));
}
