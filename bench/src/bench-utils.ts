import { cpus, loadavg } from 'node:os';

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same inputs. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The nearest-rank percentile (`p` from 0 to 1) of a list of numbers; 0 for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

/** Runs `run` twice to warm up, then `runs` times; the median, fastest and slowest time in ms. */
export async function timeMedian(
  run: () => Promise<unknown>,
  runs = 15,
): Promise<{ median: number; min: number; max: number }> {
  await run();
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

/** One line describing where and when the benchmark ran. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${new Date().toISOString().slice(0, 16)}Z, ${cpu} × ${cpus().length}, Node ${process.version}, load average ${load}`;
}

/** Random IPv4 text and a mask written in one of the accepted styles. */
export function randomIPv4Input(random: () => number): [string, string] {
  const value = Math.floor(random() * 2 ** 32);
  const address = `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
  const length = Math.floor(random() * 33);
  const style = Math.floor(random() * 3);
  if (style === 0) return [address, `/${length}`];
  if (style === 1) return [address, String(length)];
  const mask = length === 0 ? 0 : (0xffffffff << (32 - length)) >>> 0;
  return [address, `${mask >>> 24}.${(mask >>> 16) & 255}.${(mask >>> 8) & 255}.${mask & 255}`];
}

/** Random IPv6 text (compressed when zero groups occur, sometimes upper case) and a prefix length. */
export function randomIPv6Input(random: () => number): [string, string] {
  const groups = Array.from({ length: 8 }, () =>
    random() < 0.3 ? '0' : Math.floor(random() * 65536).toString(16),
  );
  let text = groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
  if (random() < 0.2) text = text.toUpperCase();
  return [text, String(Math.floor(random() * 129))];
}
