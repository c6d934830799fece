/**
 * The server child of bench/src/write-path.ts: ONE tree's own `ipam start` (its CLI, from source, with
 * the configuration in the environment: the real server with its outbox workers, alert jobs and, on
 * PostgreSQL, its LISTEN/NOTIFY event bus), plus a counter of the statements the process sends to its
 * database. On PostgreSQL every `query` of a pg client is one statement and one round trip (pg sends
 * one query at a time and waits for its answer); on SQLite every execution of a prepared statement
 * (run, get, all, iterate) counts. The parent asks for the count over IPC, and may have a phase profiled.
 * Run as: write-path-server.ts <tree>
 */
import { startCpuProfile, stopCpuProfile } from './cpu-profiler.js';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Method = (this: unknown, ...args: unknown[]) => unknown;

const tree = process.argv[2] ?? '';
// The tree's own copies of the drivers: the ones its server loads.
const requireFromServer = createRequire(join(tree, 'packages/server/package.json'));
let statements = 0;

/** Wraps `methods` of a prototype so each call counts one statement, then runs as before. */
function countCalls(prototype: object, methods: readonly string[]): void {
  for (const name of methods) {
    const original: unknown = Reflect.get(prototype, name);
    if (typeof original !== 'function') throw new Error(`no method ${name} to count`);
    const counted: Method = function (...args) {
      statements += 1;
      return Reflect.apply(original, this, args);
    };
    Reflect.set(prototype, name, counted);
  }
}

/** A property of a module or object, checked to be an object or function (another checkout's driver). */
function member(owner: unknown, name: string): object {
  const isHolder = (typeof owner === 'object' && owner !== null) || typeof owner === 'function';
  const value: unknown = isHolder ? Reflect.get(owner, name) : undefined;
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) {
    throw new Error(`the driver has no ${name}`);
  }
  return value;
}

countCalls(member(member(requireFromServer('pg'), 'Client'), 'prototype'), ['query']);
// better-sqlite3 does not export its Statement class: its prototype is that of a prepared statement.
const Sqlite: unknown = requireFromServer('better-sqlite3');
if (typeof Sqlite !== 'function') throw new Error('better-sqlite3 is not a constructor');
const probe = member({ probe: Reflect.construct(Sqlite, [':memory:']) }, 'probe');
const prepare = member(probe, 'prepare');
if (typeof prepare !== 'function') throw new Error('better-sqlite3 has no prepare');
const statement = member({ statement: Reflect.apply(prepare, probe, ['select 1']) }, 'statement');
const statementPrototype = member({ prototype: Reflect.getPrototypeOf(statement) }, 'prototype');
countCalls(statementPrototype, ['run', 'get', 'all', 'iterate']);

/** What the parent asks: the count so far, or to start or stop a CPU profile of this process. */
type Command =
  { id: number; kind: 'statements' | 'profile-start' } | { id: number; kind: 'profile-stop'; file: string };
process.on('message', (command: Command) => {
  const run = async () => {
    if (command.kind === 'profile-start') await startCpuProfile();
    else if (command.kind === 'profile-stop') await stopCpuProfile(command.file);
  };
  void run().then(() => process.send?.({ id: command.id, statements }));
});

// The sources (as the other benches run them), or with WRITE_PATH_SERVER=built the tree's compiled
// dist/ as `ipam start` ships (build it first: npm run build).
const entry = process.env.WRITE_PATH_SERVER === 'built' ? 'dist/cli/main.js' : 'src/cli/main.ts';
const cli = (await import(pathToFileURL(join(tree, 'packages/server', entry)).href)) as {
  main(args: readonly string[]): Promise<number>;
};
process.exitCode = await cli.main(['start']);
process.disconnect?.();
