import { execFile } from 'node:child_process';

/** How a program ended: its exit code (null when killed, e.g. at the timeout) and its output. */
export interface ProgramResult {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `file` with an argument list (execFile: no shell ever reads it), killed after `timeoutMs`.
 * A non-zero exit is a result, not an error (fping and ping say "not every host answered" that way);
 * only a program that cannot be started rejects.
 */
export function runProgram(file: string, args: readonly string[], timeoutMs: number): Promise<ProgramResult> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
        encoding: 'utf8',
        env: { ...process.env, LC_ALL: 'C' },
      },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ exitCode: 0, stdout, stderr });
        if (typeof error.code === 'number') return resolve({ exitCode: error.code, stdout, stderr });
        if (error.killed || error.signal) return resolve({ exitCode: null, stdout, stderr });
        reject(error);
      },
    );
  });
}
