/** One sample of a scrape: metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const metricName = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const sampleLine = new RegExp(`^(${metricName})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const labelPair = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/;
const metricTypes = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** The family a sample belongs to: a histogram's `_bucket`, `_sum` and `_count` are its own. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count|total|created)$/, '');
  return types.has(base) ? base : undefined;
}

/** A sample's value; Prometheus reads Inf and NaN in any case (Go's ParseFloat), and prom-client writes `Nan`. */
function parseValue(text: string, line: string): number {
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Infinity;
  if (word === '-inf') return -Infinity;
  if (word === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a number in: ${line}`);
  return value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest !== '') {
    const match = labelPair.exec(rest);
    if (!match?.[1] || match[2] === undefined) throw new Error(`malformed labels in: ${line}`);
    labels[match[1]] = match[2].replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(match[0].length);
  }
  return labels;
}

/**
 * Parses Prometheus's text exposition format (0.0.4) strictly: every line a HELP, a TYPE or a sample of
 * a family whose TYPE came first; anything else throws, naming the line.
 */
export function parsePrometheusText(text: string): Sample[] {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const type = new RegExp(`^# TYPE (${metricName}) (\\w+)$`).exec(line);
    if (type?.[1] && type[2]) {
      if (!metricTypes.has(type[2])) throw new Error(`unknown metric type in: ${line}`);
      types.set(type[1], type[2]);
      continue;
    }
    if (new RegExp(`^# HELP ${metricName} `).test(line)) continue;
    if (line.startsWith('#')) throw new Error(`a comment that is neither HELP nor TYPE: ${line}`);
    const sample = sampleLine.exec(line);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`not a sample line: ${line}`);
    if (familyOf(sample[1], types) === undefined) throw new Error(`a sample before its TYPE: ${line}`);
    samples.push({
      name: sample[1],
      labels: parseLabels(sample[2] ?? '', line),
      value: parseValue(sample[3], line),
    });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (among others); undefined when none. */
export function valueOf(
  samples: readonly Sample[],
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number | undefined {
  const matching = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match; name more labels`);
  return matching[0]?.value;
}
