/**
 * CPU time of other processes read from /proc/<pid>/stat (Linux): the bench server's, and the
 * PostgreSQL backends serving one database, measured from outside so the measured pay nothing for it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const microsPerTick = 1_000_000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The numbers of /proc/<pid>/stat after the command name; index 0 is field 3 (state). Null once gone. */
function statFields(pid: number): number[] | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name, in parentheses, may itself hold spaces and parentheses.
  return text
    .slice(text.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
}

/** User + system CPU time (µs, all threads) of a process; null once it has exited. */
export function processCpuMicros(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? ((fields[11] ?? 0) + (fields[12] ?? 0)) * microsPerTick : null;
}

/** CPU time (µs) of the exited children a process has reaped (cutime + cstime). */
function reapedChildrenCpuMicros(pid: number): number {
  const fields = statFields(pid);
  return fields ? ((fields[13] ?? 0) + (fields[14] ?? 0)) * microsPerTick : 0;
}

function parentPid(pid: number): number {
  return statFields(pid)?.[1] ?? 0;
}

/** PostgreSQL's CPU for one database over a stretch of time; `exitedMicros` is what it may have missed. */
export interface BackendCpu {
  /** Summed over the database's backends alive at the end (all of it for those that started during). */
  micros: number;
  /**
   * CPU of any PostgreSQL process that exited during the stretch (the postmaster's reaped children, of
   * every database): a backend of ours that closed, or a parallel worker, would be counted here only.
   */
  exitedMicros: number;
}

/** Measures the CPU of the backends (client backends and parallel workers) of database `name`. */
export async function watchBackends(adminUrl: string, name: string) {
  // One connection for all stretches of a run: its own backend never exits during one.
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const own = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = parentPid(own.rows[0]?.pid ?? 0);
  const snapshot = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [name],
    );
    const backends = new Map(rows.map(({ pid }) => [pid, processCpuMicros(pid) ?? 0]));
    return { backends, reaped: reapedChildrenCpuMicros(postmaster) };
  };
  return {
    /** Starts a stretch; the function it returns ends it and gives the CPU used in between. */
    start: async (): Promise<() => Promise<BackendCpu>> => {
      const before = await snapshot();
      return async () => {
        const after = await snapshot();
        let micros = 0;
        for (const [pid, used] of after.backends) micros += used - (before.backends.get(pid) ?? 0);
        return { micros, exitedMicros: after.reaped - before.reaped };
      };
    },
    close: () => client.end(),
  };
}
