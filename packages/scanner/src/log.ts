/** Where lines go: a stream (stdout, stderr) or anything else with write. */
export interface LineSink {
  write(text: string): unknown;
}

/** One readable line per event. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Writes `TIME LEVEL message` lines: info to `out`, warnings and errors to `err`. */
export function streamLogger(out: LineSink, err: LineSink, now: () => Date = () => new Date()): Logger {
  const write = (stream: LineSink, level: string) => (message: string) => {
    stream.write(`${now().toISOString()} ${level} ${message}\n`);
  };
  return { info: write(out, 'INFO '), warn: write(err, 'WARN '), error: write(err, 'ERROR') };
}

/** Seconds with one decimal, for durations in log lines. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** `n thing` or `n things`. */
export function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
