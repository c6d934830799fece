/** `ipam start`: not built yet. */
export async function run(_args: readonly string[]): Promise<number> {
  process.stderr.write('ipam start: not available yet\n');
  return 1;
}
