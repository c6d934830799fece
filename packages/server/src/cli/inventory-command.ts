import { ansibleHostVars, ansibleInventory } from '@ipam/core/ansible-inventory';
import { inventoryResponse, type Inventory } from '@ipam/core/api/inventory';

export const inventoryUsage = `usage:
  ipam inventory --url URL --token TOKEN --account ID [--group NAME] (--list | --host HOST)

Prints Ansible's dynamic inventory of an account: its In Use addresses with a hostname, grouped by
IPAM group and by subnet, with ansible_host and ipam_subnet, ipam_vlan, ipam_vrf, ipam_description.

options:
  --url URL        the server (IPAM_URL), e.g. https://ipam.example.com
  --token TOKEN    an API token of the account, read scope is enough (IPAM_TOKEN)
  --account ID     the account's id, as in the web app's URLs (IPAM_ACCOUNT)
  --group NAME     only this IPAM group and the groups inside it (IPAM_GROUP)
  --list           every group and host, with _meta.hostvars
  --host HOST      one host's variables ({} when there is none)

Use as an Ansible inventory script: a two-line shell script that exports the variables above and
runs \`ipam inventory "$@"\` (Ansible calls it with --list, or --host HOST).
`;

/** What the command was asked: where to read, and which answer to print. */
export interface InventoryArgs {
  url: string;
  token: string;
  accountId: string;
  group: string | null;
  host: string | null;
}

const FLAGS_WITH_VALUES = new Set(['--url', '--token', '--account', '--group', '--host']);

/** The command's arguments, the environment filling what they leave out; or the problem with them. */
export function parseInventoryArgs(
  args: readonly string[],
  env: Record<string, string | undefined>,
): InventoryArgs | { problem: string } {
  const values = new Map<string, string>();
  let isList = false;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i] ?? '';
    if (flag === '--list') {
      isList = true;
      continue;
    }
    if (!FLAGS_WITH_VALUES.has(flag)) return { problem: `unknown option ${flag}` };
    const value = args[i + 1];
    if (value === undefined) return { problem: `${flag} needs a value` };
    values.set(flag, value);
    i += 1;
  }
  const host = values.get('--host') ?? null;
  if (isList === (host !== null)) return { problem: 'give either --list or --host HOST' };
  const url = values.get('--url') ?? env.IPAM_URL ?? '';
  const token = values.get('--token') ?? env.IPAM_TOKEN ?? '';
  const accountId = values.get('--account') ?? env.IPAM_ACCOUNT ?? '';
  if (!/^https?:\/\/[^/]/.test(url))
    return { problem: 'give the server with --url (or IPAM_URL): http(s)://…' };
  if (token === '') return { problem: 'give an API token with --token (or IPAM_TOKEN)' };
  if (accountId === '') return { problem: 'give the account id with --account (or IPAM_ACCOUNT)' };
  const group = values.get('--group') ?? env.IPAM_GROUP ?? null;
  return { url: url.replace(/\/+$/, ''), token, accountId, group: group === '' ? null : group, host };
}

/** Reads the account's inventory from the server: one request, its answer checked by core's schema. */
export async function fetchInventory(args: InventoryArgs): Promise<Inventory> {
  const query = args.group === null ? '' : `?group=${encodeURIComponent(args.group)}`;
  const url = `${args.url}/api/accounts/${encodeURIComponent(args.accountId)}/inventory${query}`;
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${args.token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (!response.ok) {
    let detail = text.slice(0, 200);
    try {
      const body = JSON.parse(text) as { error?: unknown };
      if (typeof body.error === 'string') detail = body.error;
    } catch {
      // Not the API's JSON (a proxy's page): its first characters say enough.
    }
    throw new Error(`the server answered ${response.status}: ${detail}`);
  }
  return inventoryResponse.parse(JSON.parse(text));
}

/** `ipam inventory`: prints Ansible's --list or --host JSON; 2 for bad arguments, 1 when reading failed. */
export async function run(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(inventoryUsage);
    return 0;
  }
  const parsed = parseInventoryArgs(args, process.env);
  if ('problem' in parsed) {
    process.stderr.write(`ipam inventory: ${parsed.problem}\n\n${inventoryUsage}`);
    return 2;
  }
  let inventory: Inventory;
  try {
    inventory = await fetchInventory(parsed);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`ipam inventory: ${message}\n`);
    return 1;
  }
  const answer = parsed.host === null ? ansibleInventory(inventory) : ansibleHostVars(inventory, parsed.host);
  process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  return 0;
}
