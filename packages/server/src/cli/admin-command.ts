/** `ipam admin`: not built yet. */
export async function run(_args: readonly string[]): Promise<number> {
  process.stderr.write('ipam admin: not available yet\n');
  return 1;
}
