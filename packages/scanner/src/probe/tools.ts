import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The external programs the agent can use; null when not installed. */
export interface Tools {
  readonly fping: string | null;
  readonly ping: string | null;
  readonly ip: string | null;
}

/** ping and ip often live in sbin, which a service's PATH may leave out. */
const EXTRA_DIRECTORIES = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** The absolute path of an executable file named `name` on PATH (then the sbin folders), or null. */
export function findExecutable(name: string, path = process.env['PATH'] ?? ''): string | null {
  const directories = [...path.split(delimiter).filter((dir) => dir.startsWith('/')), ...EXTRA_DIRECTORIES];
  for (const directory of directories) {
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Looks for fping, ping and ip once (the agent calls this at start). */
export function detectTools(path?: string): Tools {
  return {
    fping: findExecutable('fping', path),
    ping: findExecutable('ping', path),
    ip: findExecutable('ip', path),
  };
}

/** A tool set with nothing installed: probes fall back to TCP, MACs to /proc/net/arp. */
export const NO_TOOLS: Tools = { fping: null, ping: null, ip: null };
