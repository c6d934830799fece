import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/sse-client.js';
import { EventStream } from './event-stream.js';

/** Everything the stream has written so far. */
function collect(stream: EventStream): { text: string } {
  const out = { text: '' };
  stream.body.setEncoding('utf8');
  stream.body.on('data', (chunk: string) => (out.text += chunk));
  return out;
}

describe('event stream', () => {
  it('writes each event as one data line pair with exactly kind, id and subnetId when set', async () => {
    const stream = new EventStream({ isAllowed: async () => true, keepAliveMs: 60_000 });
    const out = collect(stream);
    stream.push({ kind: 'group', id: 'g1' });
    stream.push({ kind: 'address', id: '10.0.0.5', subnetId: 's1', extra: 'dropped' } as never);
    await eventually(() => out.text.includes('10.0.0.5'));
    expect(out.text).toBe(
      ': connected\n\n' +
        'data: {"kind":"group","id":"g1"}\n\n' +
        'data: {"kind":"address","id":"10.0.0.5","subnetId":"s1"}\n\n',
    );
    stream.close();
  });

  it('sends a comment keep-alive on its interval, after an access check', async () => {
    let checks = 0;
    const stream = new EventStream({
      isAllowed: async () => {
        checks++;
        return true;
      },
      keepAliveMs: 30,
    });
    const out = collect(stream);
    await eventually(() => out.text.split(': keep-alive\n\n').length > 2);
    expect(checks).toBeGreaterThanOrEqual(2);
    stream.close();
  });

  it('checks access once for a burst and writes nothing once access is gone', async () => {
    let checks = 0;
    let isAllowed = true;
    const stream = new EventStream({
      isAllowed: async () => {
        checks++;
        return isAllowed;
      },
      keepAliveMs: 60_000,
    });
    const out = collect(stream);
    let closed = false;
    stream.onClose(() => (closed = true));
    for (let i = 0; i < 100; i++) stream.push({ kind: 'address', id: `10.0.0.${i}`, subnetId: 's' });
    await eventually(() => out.text.includes('10.0.0.99'));
    expect(checks).toBe(1);
    isAllowed = false;
    stream.push({ kind: 'group', id: 'secret' });
    await eventually(() => closed);
    expect(out.text).not.toContain('secret');
    expect(stream.body.writableEnded).toBe(true);
  });

  it('closes when the access check fails (database gone), reporting the error', async () => {
    const errors: unknown[] = [];
    const stream = new EventStream({
      isAllowed: async () => {
        throw new Error('database unreachable');
      },
      keepAliveMs: 60_000,
      onError: (error) => errors.push(error),
    });
    collect(stream);
    stream.push({ kind: 'group', id: 'g' });
    await eventually(() => stream.closed);
    expect(String(errors[0])).toContain('database unreachable');
  });

  it('closes and calls its listeners once when the client goes away', async () => {
    const stream = new EventStream({ isAllowed: async () => true, keepAliveMs: 60_000 });
    let calls = 0;
    stream.onClose(() => calls++);
    stream.body.destroy();
    await eventually(() => stream.closed);
    stream.close();
    expect(calls).toBe(1);
    stream.push({ kind: 'group', id: 'late' });
  });
});
