/** Entry of the `ipam` command: dispatches a subcommand and returns the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  process.stderr.write(`ipam: unknown command ${args[0] ?? ''}\n`);
  return 2;
}
