import { createReadStream } from 'node:fs';

/** Longest line a lease file may have: Kea's and dhcpd's lines are far shorter; anything longer is no lease file. */
export const MAX_LINE_LENGTH = 64 * 1024;

/** A lease file that cannot be read, with the reason in words (the agent logs the message as it is). */
export class LeaseFileError extends Error {}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied (the agent needs read access)';
  if (code === 'EISDIR') return 'is a directory, not a lease file';
  return error instanceof Error ? error.message : String(error);
}

/** What a line handler answers: nothing to go on, `stop` when the rest of the file is of no use. */
export type LineAnswer = void | 'stop';

/**
 * Calls `onLine` with each line of a text file (without its line ending), streaming: memory holds one
 * chunk and one line, whatever the file's size. Throws LeaseFileError naming the file and the reason.
 */
export async function forEachLine(
  path: string,
  onLine: (line: string) => LineAnswer,
  maxLineLength = MAX_LINE_LENGTH,
): Promise<void> {
  let rest = '';
  let lineNumber = 0;
  let isStopped = false;
  const emit = (line: string) => {
    lineNumber++;
    isStopped = onLine(line.endsWith('\r') ? line.slice(0, -1) : line) === 'stop';
  };
  try {
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
      const text = rest + (chunk as string);
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1 && !isStopped; end = text.indexOf('\n', start)) {
        emit(text.slice(start, end));
        start = end + 1;
      }
      if (isStopped) return;
      rest = text.slice(start);
      if (rest.length > maxLineLength) {
        throw new LeaseFileError(
          `${path}: line ${lineNumber + 1} is longer than ${maxLineLength} characters; not a lease file`,
        );
      }
    }
  } catch (error) {
    if (error instanceof LeaseFileError) throw error;
    throw new LeaseFileError(`${path}: ${reasonOf(error)}`);
  }
  // A line being appended as we read may lack its newline; the parsers drop it when it is incomplete.
  if (rest !== '') emit(rest);
}
