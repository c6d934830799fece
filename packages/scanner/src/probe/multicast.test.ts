import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { jobPrefix } from '../scan/job-targets.js';
import { linksInside, parseEchoReplies } from './multicast.js';

// No test sends the ff02::1 echo: it would leave loopback. These check what decides whether and
// where it is sent, and how the replies are read.
describe('parseEchoReplies', () => {
  it("reads who answered from ping's reply lines, duplicates included", () => {
    const output = [
      'PING ff02::1%eth0(ff02::1%eth0) from 2001:db8::5 eth0: 56 data bytes',
      '64 bytes from 2001:db8::5: icmp_seq=1 ttl=64 time=0.040 ms',
      '64 bytes from 2001:db8::20: icmp_seq=1 ttl=64 time=0.411 ms (DUP!)',
      '64 bytes from fe80::1%eth0: icmp_seq=1 ttl=64 time=0.512 ms (DUP!)',
      '64 bytes from 2001:db8::20: seq=1 ttl=64 time=0.4 ms',
      '',
      '--- ff02::1%eth0 ping statistics ---',
      '2 packets transmitted, 2 received, +2 duplicates, 0% packet loss, time 1001ms',
    ].join('\n');
    expect(parseEchoReplies(output)).toEqual(['2001:db8::5', '2001:db8::20', 'fe80::1%eth0', '2001:db8::20']);
  });
});

describe('linksInside', () => {
  it('finds no link for a subnet this machine has no address in (so nothing is sent)', () => {
    const prefix = jobPrefix({ version: 6, networkIP: '2001:db8:ffff:ffff::', prefixLength: 104 });
    expect(linksInside(prefix)).toEqual([]);
  });

  const hasV6Loopback = Object.values(networkInterfaces()).some((entries) =>
    (entries ?? []).some((entry) => entry.address === '::1'),
  );
  it.skipIf(!hasV6Loopback)('never picks the loopback interface, even for a subnet holding ::1', () => {
    expect(linksInside(jobPrefix({ version: 6, networkIP: '::', prefixLength: 120 }))).toEqual([]);
  });
});
