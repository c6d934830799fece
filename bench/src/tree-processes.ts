/**
 * A source tree (any checkout of this repository with its node_modules) measured by the random-page
 * bench: its commit, its own /8 fixture and its own server, each built by the tree's code in a child
 * process (bench/src/tree-child.ts), so two trees can be measured in turn in one sitting.
 */
import { execFileSync, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseTarget } from '@ipam/server/db/database';
import { startServer, type BenchServer } from './bench-server.js';

const childScript = fileURLToPath(new URL('./tree-child.ts', import.meta.url));

/** What the fixture child reports: the database it wrote and how to log in to its account. */
export interface TreeFixture {
  target: DatabaseTarget;
  accountId: string;
  subnetId: string;
  email: string;
  password: string;
  insertMs: number;
}

/** A checkout to measure: its absolute path and what it holds (commit, and the server code's commit). */
export interface Tree {
  path: string;
  description: string;
}

/** The checkout at `path`, checked to hold the bench modules the children load. */
export function openTree(path: string): Tree {
  const root = resolve(path);
  for (const needed of ['bench/src/address-fixture.ts', 'bench/src/bench-server.ts', 'node_modules']) {
    if (!existsSync(join(root, needed))) throw new Error(`${root} has no ${needed}`);
  }
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
  const edits = git('status', '--porcelain', '--untracked-files=no', '--', 'packages');
  const description =
    `HEAD ${git('rev-parse', '--short', 'HEAD')}, packages/ as of ` +
    `${git('log', '-1', '--format=%h', '--', 'packages')}${edits ? ' plus uncommitted edits' : ''}`;
  return { path: root, description };
}

/** Builds the tree's /8 (its bench/src/address-fixture.ts `setUp`) in a child process; the data stays. */
export function buildTreeFixture(tree: Tree, kind: 'sqlite' | 'postgres'): Promise<TreeFixture> {
  const child = fork(childScript, ['fixture', tree.path, kind], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolvePromise, reject) => {
    child.once('message', (fixture: TreeFixture) => resolvePromise(fixture));
    child.once('exit', (code) => reject(new Error(`fixture of ${tree.path} exited with ${code}`)));
  });
}

/** Serves a fixture with the tree's own app (its bench/src/bench-server.ts) in a child process. */
export function serveTree(tree: Tree, target: DatabaseTarget): Promise<BenchServer> {
  return startServer(childScript, target, { extraArgs: [tree.path] });
}
