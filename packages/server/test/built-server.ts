import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The repository root. */
export const repoRoot = resolve(import.meta.dirname, '../../..');
const bin = join(repoRoot, 'packages/server/bin/ipam.js');

/** Source files (tests excluded) of a package whose compiled file is missing or older. */
function staleFiles(pkg: string): string[] {
  const src = join(repoRoot, pkg, 'src');
  const stale: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        !entry.name.endsWith('.d.ts')
      ) {
        const out = join(repoRoot, pkg, 'dist', relative(src, path)).replace(/\.ts$/, '.js');
        let outTime = Number.NaN;
        try {
          outTime = statSync(out).mtimeMs;
        } catch {
          // missing
        }
        if (!(outTime >= statSync(path).mtimeMs)) stale.push(relative(repoRoot, path));
      }
    }
  };
  walk(src);
  return stale;
}

/**
 * Builds core and server when a source is newer than its compiled file (tsc's incremental build
 * then skips what is current, and emits despite type errors elsewhere); true when the CLI exists.
 */
export function ensureServerBuilt(): boolean {
  if (['packages/core', 'packages/server'].some((pkg) => staleFiles(pkg).length > 0)) {
    spawnSync('npm', ['run', 'build', '--workspace', '@ipam/core', '--workspace', '@ipam/server'], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
  }
  return existsSync(join(repoRoot, 'packages/server/dist/cli/main.js'));
}

/** A running `ipam start` process. */
export interface BuiltServer {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code (null when it had to be killed after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>;
}

/** The environment for `ipam start`: the test's variables over a clean base (no inherited DB/port). */
export function serverEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0' };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'IPAM_DATA_DIR']) delete env[name];
  return { ...env, ...vars };
}

/** Runs `ipam <args>` to its end; resolves with the exit code and output. */
export function runIpam(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

/** Starts `ipam start` (PORT 0 unless given) and waits for its "listening" log line. */
export function startBuiltServer(env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<BuiltServer> {
  const child = spawn(process.execPath, [bin, 'start'], { cwd: repoRoot, env });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ipam start did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: string) => {
      output += chunk;
      const match = /IPAM listening on (http:\/\/[^\s]+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.on('data', (more: string) => (output += more));
      resolve({
        child,
        baseUrl: match[1],
        output: () => output,
        async stop(stopTimeoutMs = 10_000) {
          if (child.exitCode !== null) return child.exitCode;
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
          const code = await exited;
          clearTimeout(killer);
          return child.signalCode === 'SIGKILL' ? null : code;
        },
      });
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ipam start exited with ${code}:\n${output}`));
    });
  });
}
