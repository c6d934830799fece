// Imports only core: `ipam calc` must start fast, without Fastify or database code.
import { calculateInput } from './calc-input.js';
import { formatCalcTable } from './calc-table.js';

const usage = `usage: ipam calc <addr/prefix | addr mask> [--json]
       ipam calc --json -      batch: one ADDR/PREFIX or ADDR MASK per stdin line, one JSON line out each

examples:
  ipam calc 10.1.2.3/24
  ipam calc 10.1.2.3 255.255.255.0
  ipam calc 2001:db8::1 64
`;

/** Output is flushed in chunks of about this many characters. */
const FLUSH_AT = 64 * 1024;

/** `ipam calc`: subnet details as a table or JSON; exit 0 on success, 1 on a bad input, 2 on wrong usage. */
export async function run(args: readonly string[]): Promise<number> {
  const isJson = args.includes('--json');
  const positional = args.filter((arg) => arg !== '--json');
  if (positional.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(usage);
    return 0;
  }
  const isUsageWrong =
    positional.length === 0 ||
    positional.length > 2 ||
    positional.some((arg) => arg.startsWith('--')) ||
    (positional.includes('-') && (positional.length !== 1 || !isJson));
  if (isUsageWrong) {
    process.stderr.write(usage);
    return 2;
  }
  if (positional[0] === '-') return runBatch();
  const input = positional.join(' ');
  const outcome = calculateInput(input);
  if (!outcome.ok) {
    if (isJson) process.stdout.write(`${JSON.stringify({ input, error: outcome.message })}\n`);
    else process.stderr.write(`ipam calc: ${outcome.message}\n`);
    return 1;
  }
  process.stdout.write(
    isJson ? `${JSON.stringify(outcome.result, null, 2)}\n` : formatCalcTable(outcome.result),
  );
  return 0;
}

/** Streams stdin line by line and writes one JSON line per non-blank line, in order. */
async function runBatch(): Promise<number> {
  let hasBadLine = false;
  let pending = '';
  let output = '';
  const handle = (line: string) => {
    const input = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (input.trim() === '') return;
    const outcome = calculateInput(input);
    if (outcome.ok) {
      output += `${JSON.stringify(outcome.result)}\n`;
    } else {
      hasBadLine = true;
      output += `${JSON.stringify({ input, error: outcome.message })}\n`;
    }
  };
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin as AsyncIterable<string>) {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) handle(line);
    if (output.length >= FLUSH_AT) {
      await write(output);
      output = '';
    }
  }
  handle(pending);
  await write(output);
  return hasBadLine ? 1 : 0;
}

/** Writes to stdout, waiting for the pipe to drain when it is full. */
function write(text: string): Promise<void> {
  if (text === '' || process.stdout.write(text)) return Promise.resolve();
  return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}
