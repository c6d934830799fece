import { describe, expect, it } from 'vitest';
import { toTarget, type ProbeTarget } from '../scan/job-targets.js';
import { fpingArguments, fpingDeadlineMs, multicastPingArguments, pingArguments } from './icmp-arguments.js';

function target(text: string): ProbeTarget {
  const parsed = toTarget(text);
  if (parsed === null) throw new Error(`${text} should parse`);
  return parsed;
}

const FPING_FLAGS = ['-a', '-q', '-r', '1', '-t', '500', '-i', '2'];

describe('fpingArguments', () => {
  it('is the fixed flags then the canonical addresses, nothing else', () => {
    const args = fpingArguments([target('10.0.0.1'), target('2001:DB8:0:0::1'), target('::ffff:1.2.3.4')]);
    expect(args).toEqual([...FPING_FLAGS, '10.0.0.1', '2001:db8::1', '::ffff:1.2.3.4']);
  });

  it('formats each address from its parsed value, whatever text came with it', () => {
    // A target whose text was tampered with still reaches fping as the address it parsed to.
    const forged: ProbeTarget = { version: 4, value: 0x0a000001n, text: '-f /etc/passwd; rm -rf /' };
    expect(fpingArguments([forged])).toEqual([...FPING_FLAGS, '10.0.0.1']);
  });

  it('refuses a timing that is not a whole number', () => {
    expect(() => fpingArguments([], { timeoutMs: 1.5, retries: 1, intervalMs: 2 })).toThrow(RangeError);
    expect(() => fpingArguments([], { timeoutMs: 500, retries: -1, intervalMs: 2 })).toThrow(RangeError);
  });

  it('gives a batch time to send, retry and wait before it is killed', () => {
    expect(fpingDeadlineMs(4096)).toBeGreaterThan(4096 * 2 * 2 + 500 + 750);
  });
});

describe('pingArguments', () => {
  it('sends one echo with a whole-second wait, -6 only for IPv6', () => {
    expect(pingArguments(target('192.168.1.9'), 1000)).toEqual(['-n', '-c', '1', '-W', '1', '192.168.1.9']);
    expect(pingArguments(target('fe80:0::1'), 1500)).toEqual(['-n', '-c', '1', '-W', '2', '-6', 'fe80::1']);
    expect(pingArguments(target('10.0.0.1'), 100)).toEqual(['-n', '-c', '1', '-W', '1', '10.0.0.1']);
  });
});

describe('multicastPingArguments', () => {
  it('echoes all nodes on the named link from our address', () => {
    expect(multicastPingArguments('eth0', target('2001:db8::5'))).toEqual([
      '-6',
      '-n',
      '-c',
      '2',
      '-w',
      '3',
      '-I',
      '2001:db8::5',
      'ff02::1%eth0',
    ]);
  });

  it('refuses an interface name that is not a plain zone, and an IPv4 source', () => {
    expect(multicastPingArguments('eth0 -f', target('2001:db8::5'))).toBeNull();
    expect(multicastPingArguments('eth0%x', target('2001:db8::5'))).toBeNull();
    expect(multicastPingArguments('', target('2001:db8::5'))).toBeNull();
    expect(multicastPingArguments('eth0', target('10.0.0.5'))).toBeNull();
  });
});
