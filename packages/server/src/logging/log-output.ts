import { Writable } from 'node:stream';
import type { Config } from '../config/env.js';

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** ANSI colours of the level names on a terminal: grey, grey, green, yellow, red, red. */
const levelColors: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '31' };

/** Fields pino and the request log write that the readable line already shows or leaves out. */
const shownElsewhere = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'err',
  'reqId',
  'req',
  'res',
  'responseTime',
]);

/**
 * Where the logger writes: `stream` (stdout by default) as JSON lines, or through the readable
 * formatter when LOG_FORMAT is `pretty`, or when it is unset and the output is a terminal.
 */
export function logDestination(format: Config['logFormat'], stream?: Writable): Writable | undefined {
  const out = stream ?? process.stdout;
  const isTerminal = 'isTTY' in out && out.isTTY === true;
  const isPretty = format === 'pretty' || (format === null && isTerminal);
  if (!isPretty) return stream;
  return createPrettyLogStream(out, isTerminal && !process.env.NO_COLOR);
}

/** A stream taking pino's JSON lines and writing one readable line each to `out`. */
export function createPrettyLogStream(out: Writable, useColor: boolean): Writable {
  let partial = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      const text = lines.map((line) => formatLogLine(line, useColor)).join('');
      if (text) out.write(text);
      done();
    },
    final(done) {
      if (partial) out.write(formatLogLine(partial, useColor));
      done();
    },
  });
}

/** `12:57:16 INFO  GET /api/health 200 1.2 ms` (plus other fields as key=value, an error's stack). */
export function formatLogLine(line: string, useColor: boolean): string {
  if (!line.trim()) return '';
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return `${line}\n`;
    entry = parsed as Record<string, unknown>;
  } catch {
    return `${line}\n`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const name = (levelNames[level] ?? String(level)).padEnd(5);
  const label = useColor ? `\u001b[${levelColors[level] ?? '0'}m${name}\u001b[0m` : name;
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !shownElsewhere.has(key))
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  return `${time} ${label} ${message}${fields.join('')}\n${formatError(entry.err)}`;
}

/** An error's stack (or type and message), indented under its line. */
function formatError(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const { stack, type, message } = err as { stack?: unknown; type?: unknown; message?: unknown };
  const text = typeof stack === 'string' ? stack : `${String(type ?? 'Error')}: ${String(message ?? '')}`;
  return `${text
    .split('\n')
    .map((row) => `    ${row}`)
    .join('\n')}\n`;
}
