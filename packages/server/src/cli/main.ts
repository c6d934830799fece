/** Subcommands of `ipam`; each module is loaded only when used so `ipam calc` starts fast. */
const commands: Record<string, () => Promise<{ run(args: readonly string[]): Promise<number> }>> = {
  calc: () => import('./calc-command.js'),
  start: () => import('./start-command.js'),
  migrate: () => import('./migrate-command.js'),
  admin: () => import('./admin-command.js'),
  backup: () => import('./backup-command.js'),
  import: () => import('./import-command.js'),
  inventory: () => import('./inventory-command.js'),
};

// Every command of README.md's command table appears here (main.test.ts checks it).
const usage = `usage: ipam <command> [options]

commands:
  calc <addr/prefix | addr mask> [--json]   subnet details (--json - reads one input a line from stdin)
  start                                      start the server (PORT, HOST, IPAM_DATA_DIR, DATABASE_URL)
  migrate [--dry-run]                        apply database migrations (--dry-run: list those that
                                             would run, change nothing)
  admin accounts                             list accounts with their tier and limits
  admin set-tier <account|owner-email> <tier 0-4> [--maxnetworks N] [--maxusers N]
                 [--ipv6 MIN-MAX|default]    set an account's tier, limits and IPv6 prefix lengths
  admin products                             list products and prices
  admin products set-price-id <price-id> <stripe-price-id|none>
                                             map a price to a Stripe price
  admin products set-amount <price-id> <cents>
                                             change a price (whole cents)
  admin products activate|deactivate <product-id|price-id>
                                             show or hide a product or a price on the Upgrade page
  admin reset-password <email>               print a single-use password-reset link
  admin reset-2fa <email>                    remove a user's second factor and end their sessions
  admin messages [--limit N]                 list messages of the built-in support and feedback forms
  backup <file>                              copy the database to a file
  import phpipam|netbox --url URL …          import subnets and addresses from phpIPAM or NetBox
                                             (ipam import --help for the options)
  inventory --url URL --token TOKEN --account ID [--group NAME] (--list | --host HOST)
                                             Ansible's dynamic inventory of an account (env IPAM_URL,
                                             IPAM_TOKEN, IPAM_ACCOUNT; ipam inventory --help)
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
