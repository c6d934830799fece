import { serverEnv, startBuiltServer, type BuiltServer } from './built-server.js';
import type { TestDatabase } from './dialects.js';

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
  database: Pick<TestDatabase, 'target' | 'dataDir'>,
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

/** The indexes of the processes whose request log holds a line containing `text`. */
export function processesThatLogged(fleet: Fleet, text: string): number[] {
  return fleet.servers.flatMap((server, i) => (server.output().includes(text) ? [i] : []));
}
