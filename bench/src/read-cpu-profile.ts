/**
 * Summarises a V8 .cpuprofile: the functions with the most self time and the most total time (time
 * with a function anywhere on the stack, each sample counted once per function), in % of samples.
 * Run: node --import tsx bench/src/read-cpu-profile.ts <file.cpuprofile> [rows] [filter]
 * `filter` keeps only functions whose file contains it (e.g. "packages/server" or "kysely").
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, rowsText, filter] = process.argv.slice(2);
if (!file) throw new Error('usage: read-cpu-profile.ts <file.cpuprofile> [rows] [filter]');
const rows = Number(rowsText ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** A readable name: function, then the file path from the project (or package) onward. */
function nameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const path = url.replace(/^file:\/\//, '').replace(/^.*?(node_modules\/|packages\/|bench\/)/, '$1');
  return `${functionName || '(anonymous)'} ${path}:${lineNumber + 1}`;
}

const self = new Map<string, number>();
const total = new Map<string, number>();
const sampleCount = new Map<number, number>();
for (const id of profile.samples) sampleCount.set(id, (sampleCount.get(id) ?? 0) + 1);
for (const [id, count] of sampleCount) {
  const leaf = byId.get(id);
  if (!leaf) continue;
  self.set(nameOf(leaf), (self.get(nameOf(leaf)) ?? 0) + count);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = byId.get(at);
    if (!node) break;
    const name = nameOf(node);
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + count);
  }
}

const all = profile.samples.length;
const print = (title: string, table: Map<string, number>) => {
  console.log(`\n${title} (% of ${all} samples)`);
  [...table]
    .filter(([name]) => filter === undefined || name.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .forEach(([name, count]) => console.log(`${((100 * count) / all).toFixed(1).padStart(5)}  ${name}`));
};
print('self time', self);
print('total time', total);
