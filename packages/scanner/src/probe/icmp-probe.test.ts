import { describe, expect, it } from 'vitest';
import { toTarget, type ProbeTarget } from '../scan/job-targets.js';
import { fpingProber, parseFpingAlive, pingProber } from './icmp-probe.js';
import { detectTools } from './tools.js';

const tools = detectTools();
/** Under CI (which installs fping and ping) a missing tool fails these tests instead of skipping them. */
const requireTools = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
/** Whether a tool's tests are skipped: only outside CI, and never silently. */
function skipWithout(tool: string | null, name: string, debianPackage: string): boolean {
  const isSkipped = tool === null && !requireTools;
  if (isSkipped) {
    console.warn(
      `icmp-probe.test: ${name} is not installed, so its loopback tests are skipped ` +
        `(apt-get install -y ${debianPackage}; under CI a missing ${name} fails them instead)`,
    );
  }
  return isSkipped;
}

function targets(...texts: string[]): ProbeTarget[] {
  return texts.map((text) => {
    const parsed = toTarget(text);
    if (parsed === null) throw new Error(`${text} should parse`);
    return parsed;
  });
}

describe('parseFpingAlive', () => {
  it('reads one address a line, canonically, and skips anything else', () => {
    const alive = parseFpingAlive('127.0.0.1\n0:0::1\nfping: something odd\n\n');
    expect([...alive]).toEqual(['127.0.0.1', '::1']);
  });
});

// Every 127.x address answers an echo on Linux, so these find hosts alive; TCP tests cover the dead.
describe.skipIf(skipWithout(tools.fping, 'fping', 'fping'))('fping on loopback', () => {
  it('has fping installed', () => expect(tools.fping).not.toBeNull());

  it('finds 127.0.0.1–3 and ::1 alive in one process', async () => {
    const prober = fpingProber(tools.fping ?? '');
    const outcomes = await prober.probe(targets('127.0.0.1', '127.0.0.2', '127.0.0.3', '::1'));
    expect([...outcomes]).toEqual([
      ['127.0.0.1', { alive: true, method: 'icmp' }],
      ['127.0.0.2', { alive: true, method: 'icmp' }],
      ['127.0.0.3', { alive: true, method: 'icmp' }],
      ['::1', { alive: true, method: 'icmp' }],
    ]);
  });

  it('runs nothing for an empty batch', async () => {
    expect((await fpingProber(tools.fping ?? '').probe([])).size).toBe(0);
  });
});

describe.skipIf(skipWithout(tools.ping, 'ping', 'iputils-ping'))('ping on loopback', () => {
  it('has ping installed', () => expect(tools.ping).not.toBeNull());

  it('finds 127.0.0.1 and ::1 alive, one process each', async () => {
    const prober = pingProber(tools.ping ?? '', 1000, 2);
    const outcomes = await prober.probe(targets('127.0.0.1', '::1'));
    expect([...outcomes.values()]).toEqual([
      { alive: true, method: 'icmp' },
      { alive: true, method: 'icmp' },
    ]);
  });
});
