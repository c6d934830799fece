import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLogLine, logDestination } from './log-output.js';

const time = new Date(2026, 0, 2, 9, 5, 7).getTime();

/** A stream that keeps what is written to it, optionally claiming to be a terminal. */
function sink(isTTY = false): Writable & { text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return Object.assign(stream, { isTTY, text: () => text });
}

describe('formatLogLine', () => {
  it('shows time, level and message, and leaves out what the request line already says', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
      responseTime: 1.23,
      msg: 'GET /api/health 200 1.2 ms',
    });
    expect(formatLogLine(line, false)).toBe('09:05:07 INFO  GET /api/health 200 1.2 ms\n');
  });

  it('adds other fields as key=value and indents an error stack under the line', () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'request failed',
      accountId: 'a1',
      limits: { maxusers: 3 },
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (x.js:1:1)' },
    });
    expect(formatLogLine(line, false)).toBe(
      '09:05:07 ERROR request failed accountId=a1 limits={"maxusers":3}\n' +
        '    Error: boom\n' +
        '        at f (x.js:1:1)\n',
    );
  });

  it('colours the level on a terminal', () => {
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'slow' }), true)).toBe(
      '09:05:07 \u001b[33mWARN \u001b[0m slow\n',
    );
  });

  it('passes a line that is not a JSON object through, and drops empty lines', () => {
    expect(formatLogLine('plain text', false)).toBe('plain text\n');
    expect(formatLogLine('[1,2]', false)).toBe('[1,2]\n');
    expect(formatLogLine('  ', false)).toBe('');
  });
});

describe('logDestination', () => {
  const entry = `${JSON.stringify({ level: 30, time, msg: 'hello' })}\n`;

  it('keeps JSON lines with LOG_FORMAT=json, even on a terminal', () => {
    const out = sink(true);
    expect(logDestination('json', out)).toBe(out);
  });

  it('keeps JSON lines by default when the output is not a terminal (a pipe, a file)', () => {
    const out = new PassThrough();
    expect(logDestination(null, out)).toBe(out);
  });

  afterEach(() => vi.unstubAllEnvs());

  it('writes readable lines by default on a terminal, coloured unless NO_COLOR is set', () => {
    vi.stubEnv('NO_COLOR', '');
    const out = sink(true);
    const destination = logDestination(null, out);
    destination?.write(entry);
    expect(out.text()).toBe('09:05:07 \u001b[32mINFO \u001b[0m hello\n');
    vi.stubEnv('NO_COLOR', '1');
    const plain = sink(true);
    logDestination(null, plain)?.write(entry);
    expect(plain.text()).toBe('09:05:07 INFO  hello\n');
  });

  it('writes readable lines without colour with LOG_FORMAT=pretty into a pipe', () => {
    const out = sink(false);
    const destination = logDestination('pretty', out);
    // pino writes whole lines, but a line split across writes is still one line.
    destination?.write(entry.slice(0, 10));
    destination?.write(entry.slice(10));
    expect(out.text()).toBe('09:05:07 INFO  hello\n');
  });
});
