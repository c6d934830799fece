import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/sse-client.js';
import { AccountStreams } from './account-streams.js';
import { createLocalEventBus } from './event-hub.js';
import { EventStream } from './event-stream.js';
import { accessKey, type StreamAccess } from './stream-access-repository.js';
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_USER } from '@ipam/core/limits';
import { StreamRegistry } from './stream-registry.js';

/** Everything the stream has written so far. */
function collect(stream: EventStream): { text: string } {
  const out = { text: '' };
  stream.body.setEncoding('utf8');
  stream.body.on('data', (chunk: string) => (out.text += chunk));
  return out;
}

/** An access check over a set of allowed keys, counting how often it is asked and for how many. */
function accessList(allowed: Set<string>) {
  const calls: number[] = [];
  const check = async (accesses: readonly StreamAccess[]) => {
    calls.push(accesses.length);
    return new Set(accesses.map(accessKey).filter((key) => allowed.has(key)));
  };
  return { calls, check };
}

const access = (n: number): StreamAccess => ({ sessionId: `s${n}`, userId: `u${n}` });
/** Limits that never bind: the tests of the other caps. */
const roomy = { maxStreams: 100_000, perHolder: 100_000 };

describe('event stream', () => {
  it('writes each event as one data line pair with exactly kind, id and subnetId when set', async () => {
    const stream = new EventStream({ keepAliveMs: 60_000 });
    const out = collect(stream);
    stream.write([
      { kind: 'group', id: 'g1' },
      { kind: 'address', id: '10.0.0.5', subnetId: 's1', extra: 'dropped' } as never,
    ]);
    await eventually(() => out.text.includes('10.0.0.5'));
    expect(out.text).toBe(
      ': connected\n\n' +
        'data: {"kind":"group","id":"g1"}\n\n' +
        'data: {"kind":"address","id":"10.0.0.5","subnetId":"s1"}\n\n',
    );
    stream.close();
  });

  it('sends a comment keep-alive on its interval', async () => {
    const stream = new EventStream({ keepAliveMs: 30 });
    const out = collect(stream);
    await eventually(() => out.text.split(': keep-alive\n\n').length > 2);
    stream.close();
  });

  it('closes and calls its listeners once when the client goes away', async () => {
    const stream = new EventStream({ keepAliveMs: 60_000 });
    let calls = 0;
    stream.onClose(() => calls++);
    stream.body.destroy();
    await eventually(() => stream.closed);
    stream.close();
    expect(calls).toBe(1);
    stream.write([{ kind: 'group', id: 'late' }]);
  });
});

describe("an account's streams (issue 19: fan-out cost)", () => {
  it('checks access once for a burst, whatever the number of streams, and delivers to each', async () => {
    const list = accessList(new Set([1, 2, 3, 4, 5].map((n) => accessKey(access(n)))));
    const group = new AccountStreams(list.check, () => {});
    const streams = [1, 2, 3, 4, 5].map((n) => {
      const stream = new EventStream({ keepAliveMs: 60_000 });
      group.add(stream, access(n));
      return { stream, out: collect(stream) };
    });
    for (let i = 0; i < 100; i++) group.push({ kind: 'address', id: `10.0.0.${i}`, subnetId: 's' });
    await eventually(() => streams.every(({ out }) => out.text.includes('10.0.0.99')));
    expect(list.calls).toEqual([5]);
    group.closeAll();
  });

  it('closes the streams whose access ended, without the event, and keeps the others', async () => {
    const allowed = new Set([accessKey(access(1)), accessKey(access(2))]);
    const list = accessList(allowed);
    const group = new AccountStreams(list.check, () => {});
    const kept = new EventStream({ keepAliveMs: 60_000 });
    const cut = new EventStream({ keepAliveMs: 60_000 });
    group.add(kept, access(1));
    group.add(cut, access(2));
    const keptOut = collect(kept);
    const cutOut = collect(cut);
    allowed.delete(accessKey(access(2)));
    group.push({ kind: 'group', id: 'secret' });
    await eventually(() => cut.closed && keptOut.text.includes('secret'));
    expect(cutOut.text).not.toContain('secret');
    expect(group.size).toBe(1);
    allowed.delete(accessKey(access(1)));
    group.sweep();
    await eventually(() => kept.closed);
    expect(group.size).toBe(0);
  });

  it('closes every stream when the access check fails (database gone), reporting the error', async () => {
    const errors: unknown[] = [];
    const group = new AccountStreams(
      async () => {
        throw new Error('database unreachable');
      },
      (error) => errors.push(error),
    );
    const stream = new EventStream({ keepAliveMs: 60_000 });
    group.add(stream, access(1));
    collect(stream);
    group.push({ kind: 'group', id: 'g' });
    await eventually(() => stream.closed);
    expect(String(errors[0])).toContain('database unreachable');
  });
});

describe('the stream registry (issue 19: caps)', () => {
  it(`refuses a user's stream past ${MAX_STREAMS_PER_USER} (429) and takes one again after a close`, () => {
    const registry = new StreamRegistry(
      createLocalEventBus(),
      async () => new Set(),
      () => {},
      60_000,
      roomy,
    );
    const streams = Array.from({ length: MAX_STREAMS_PER_USER }, (_, i) => {
      const stream = new EventStream({ keepAliveMs: 60_000 });
      registry.open(`account-${i % 3}`, { sessionId: `s${i}`, userId: 'u' }, stream, 'client');
      return stream;
    });
    const extra = new EventStream({ keepAliveMs: 60_000 });
    expect(() => registry.open('account-0', { sessionId: 'sx', userId: 'u' }, extra, 'client')).toThrow(
      expect.objectContaining({ code: 'rate_limited' }),
    );
    streams[0]!.close();
    registry.open('account-0', { sessionId: 'sx', userId: 'u' }, extra, 'client');
    expect(registry.size()).toBe(MAX_STREAMS_PER_USER);
    registry.closeAll();
    registry.stop();
    expect(registry.size()).toBe(0);
  });

  it(`refuses an account's stream past ${MAX_STREAMS_PER_ACCOUNT}, while another account still opens`, () => {
    const bus = createLocalEventBus();
    const registry = new StreamRegistry(
      bus,
      async () => new Set(),
      () => {},
      60_000,
      roomy,
    );
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) {
      registry.open('busy', access(i), new EventStream({ keepAliveMs: 60_000 }), 'client');
    }
    expect(() =>
      registry.open('busy', access(-1), new EventStream({ keepAliveMs: 60_000 }), 'client'),
    ).toThrow(expect.objectContaining({ code: 'rate_limited' }));
    registry.open('quiet', access(-2), new EventStream({ keepAliveMs: 60_000 }), 'client');
    // One bus subscription per account, however many streams it has.
    expect(bus.hub.size('busy')).toBe(1);
    expect(registry.size('quiet')).toBe(1);
    registry.closeAll();
    registry.stop();
    expect(bus.hub.size()).toBe(0);
  });

  it('sweeps on its timer: a stream whose access ended is cut with no event coming', async () => {
    const list = accessList(new Set());
    const registry = new StreamRegistry(
      createLocalEventBus(),
      (_account, accesses) => list.check(accesses),
      () => {},
      20,
      roomy,
    );
    const stream = new EventStream({ keepAliveMs: 60_000 });
    registry.open('a', access(1), stream, 'client');
    await eventually(() => stream.closed);
    expect(list.calls.length).toBeGreaterThanOrEqual(1);
    registry.stop();
  });
});
