/** Subcommands of `ipam`; each module is loaded only when used so `ipam calc` starts fast. */
const commands: Record<string, () => Promise<{ run(args: readonly string[]): Promise<number> }>> = {
  calc: () => import('./calc-command.js'),
  start: () => import('./start-command.js'),
  migrate: () => import('./migrate-command.js'),
  admin: () => import('./admin-command.js'),
  backup: () => import('./backup-command.js'),
  import: () => import('./import-command.js'),
};

const usage = `usage: ipam <command> [options]

commands:
  calc <addr/prefix | addr mask> [--json]   subnet details (--json - reads one input a line from stdin)
  start                                      start the server (PORT, HOST, IPAM_DATA_DIR, DATABASE_URL)
  migrate                                    apply database migrations
  admin set-tier <account|owner-email> <tier> [--maxnetworks N --maxusers N]
  admin accounts                             list accounts
  admin reset-password <email>               print a single-use password-reset link
  admin messages [--limit N]                 list messages of the built-in support and feedback forms
  backup <file>                              copy the database to a file
  import phpipam|netbox --url URL …          import subnets and addresses from phpIPAM or NetBox
                                             (ipam import --help for the options)
`;

/** Entry of the `ipam` command: dispatches a subcommand and returns the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage);
    return name === undefined ? 2 : 0;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`ipam: unknown command '${name}'\n\n${usage}`);
    return 2;
  }
  const command = await load();
  return command.run(rest);
}
