/**
 * The dry run of Apply to IPAM (PL-138) for the 10,000-subnet plan of planner-fixture.ts at an
 * Enterprise account's limits, so every /24 previews as 'create' (issue 36: it took ~40 s).
 * Run: node --conditions=source --import tsx bench/src/plan-apply-preview.ts   (prints a markdown table)
 */
import { insertPlanSubnets } from '@ipam/server/planner/plan-subnet-repository';
import { machineLine, median } from './bench-utils.js';
import { planSubnets, startPlannerBench } from './planner-fixture.js';

const RUNS = 5;

async function measure(kind: 'sqlite' | 'postgres'): Promise<string> {
  const bench = await startPlannerBench(kind);
  try {
    const created = async (path: string, body: unknown) => {
      const response = await bench.call('POST', path, body);
      if (response.status !== 201) throw new Error(`${path}: ${response.status}`);
      return (JSON.parse(response.bytes.toString()) as { id: string }).id;
    };
    const planId = await created('/plans', { name: 'Ten thousand' });
    await insertPlanSubnets(bench.db, planSubnets(planId));
    await bench.db.updateTable('accounts').set({ tier: 3, maxnetworks: 100_000 }).execute();
    const groupId = await created('/groups', { name: 'Sites' });
    const times: number[] = [];
    let outcomes = '';
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const response = await bench.call('POST', `/plans/${planId}/apply`, { groupId, dryRun: true });
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`apply: ${response.status}`);
      if (run > 0) times.push(elapsed); // the first run warms up
      const { items } = JSON.parse(response.bytes.toString()) as { items: { outcome: string }[] };
      const counts = new Map<string, number>();
      for (const { outcome } of items) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      outcomes = [...counts].map(([outcome, count]) => `${count} ${outcome}`).join(', ');
    }
    const figures = [median(times), Math.min(...times), Math.max(...times)].map((ms) => ms.toFixed(0));
    return `| ${kind} | ${figures.join(' | ')} | ${outcomes} |`;
  } finally {
    await bench.close();
  }
}

const rows = [await measure('sqlite'), await measure('postgres')];
console.log(`Apply to IPAM, dry run — ${machineLine()}\n`);
console.log('| engine | median ms | min ms | max ms | items |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(`\nFinished: ${machineLine()}`);
