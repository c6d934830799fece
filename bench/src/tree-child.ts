/**
 * The child processes of bench/src/tree-processes.ts. Each loads ONE source tree's own bench modules
 * (and through them that tree's server, migrations and write path), never this checkout's:
 *   fixture <tree> <sqlite|postgres>   builds the /8 of the tree's address-fixture.ts, reports it, exits
 *   serve <target JSON> <env JSON> <tree>  serves that database as the tree's bench-server.ts does
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DatabaseTarget } from '@ipam/server/db/database';
import type { TreeFixture } from './tree-processes.js';

/** What this child uses of the tree's bench/src/address-fixture.ts. */
interface FixtureModule {
  PASSWORD: string;
  setUp(
    kind: 'sqlite' | 'postgres',
  ): Promise<Omit<TreeFixture, 'password'> & { db: { destroy(): Promise<void> } }>;
}

/** What this child uses of the tree's bench/src/bench-server.ts. */
interface ServerModule {
  serveBenchApp(target: DatabaseTarget): Promise<void>;
}

/** A module of the tree's bench/src; typed by the interfaces above (another checkout's code). */
async function treeModule<T>(tree: string, file: string): Promise<T> {
  return (await import(pathToFileURL(join(tree, 'bench', 'src', file)).href)) as T;
}

const [mode, first = '', second = '', third = ''] = process.argv.slice(2);
if (mode === 'fixture') {
  const fixture = await treeModule<FixtureModule>(first, 'address-fixture.ts');
  const { db, target, accountId, subnetId, email, insertMs } = await fixture.setUp(
    second === 'postgres' ? 'postgres' : 'sqlite',
  );
  await db.destroy();
  const report: TreeFixture = { target, accountId, subnetId, email, password: fixture.PASSWORD, insertMs };
  process.send?.(report, () => process.disconnect());
} else if (mode === 'serve') {
  // `second` is bench-server's configuration overrides: none here.
  const server = await treeModule<ServerModule>(third, 'bench-server.ts');
  await server.serveBenchApp(JSON.parse(first) as DatabaseTarget);
} else {
  throw new Error(`tree-child: unknown mode ${mode}`);
}
