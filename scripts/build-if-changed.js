// Builds the packages whose sources changed since their last build (`--all` builds every one).
// `npm ci` builds everything (prepare); `npm start` then finds nothing changed and starts at once.
// A package is stale when a file or folder among its inputs (core's too, for the packages built
// on core) is newer than the stamp its last successful build left in its dist/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const stampName = '.build-stamp';
/** Build order: core first, the web app (the slowest) last; a package without a build script is skipped. */
const packageDirs = ['packages/core', 'packages/server', 'packages/scanner', 'packages/web'];
/** Inputs of every package's build besides its own: the shared compiler settings and the installed versions. */
const sharedInputs = ['tsconfig.base.json', 'package-lock.json'];

/** What a package's build reads: sources, public files, build configs and its package.json. */
function ownInputs(dir) {
  const configs = readdirSync(join(root, dir)).filter((name) =>
    /^(tsconfig.*\.json|vite\.config\.ts)$/.test(name),
  );
  return ['src', 'public', 'index.html', 'package.json', ...configs].map((name) => join(dir, name));
}

/** The newest modification time among `path` and everything under it; tests are not inputs. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time changes when a file in it is added, renamed or deleted.
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** When the last successful build of the package started (0 when it has none). */
function builtAt(dir) {
  try {
    return JSON.parse(readFileSync(join(root, dir, 'dist', stampName), 'utf8')).builtAt;
  } catch {
    return 0;
  }
}

const buildAll = process.argv.includes('--all');
const built = [];
for (const dir of packageDirs) {
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  if (!manifest.scripts?.build) continue;
  const isOnCore = manifest.dependencies?.['@ipam/core'] !== undefined;
  const inputs = [...ownInputs(dir), ...(isOnCore ? ownInputs('packages/core') : []), ...sharedInputs];
  const isStale =
    buildAll || Math.max(...inputs.map((input) => newestMtime(join(root, input)))) >= builtAt(dir);
  if (!isStale) continue;
  // Taken before building: a source saved during the build makes the next run build again.
  const startedAt = Date.now();
  const run = spawnSync('npm', ['run', 'build', '--workspace', manifest.name], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`build-if-changed: building ${manifest.name} failed`);
    process.exit(run.status ?? 1);
  }
  writeFileSync(join(root, dir, 'dist', stampName), `${JSON.stringify({ builtAt: startedAt })}\n`);
  built.push(manifest.name);
}
console.log(built.length > 0 ? `built ${built.join(', ')}` : 'build: nothing changed since the last build');
