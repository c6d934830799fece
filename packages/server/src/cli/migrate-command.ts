/** `ipam migrate`: not built yet. */
export async function run(_args: readonly string[]): Promise<number> {
  process.stderr.write('ipam migrate: not available yet\n');
  return 1;
}
