import { messages } from '@ipam/core/messages';
import { parsePrefixRange } from '@ipam/core/subnet-size-rules';
import { ipv6PrefixRange, tierDefaults, tierName, type PrefixRange } from '@ipam/core/tiers';
import {
  accountIpv6Range,
  findAccountsByIdOrOwnerEmail,
  listAllAccounts,
  updateIpv6Prefixes,
  updateTierAndLimits,
  type AccountRecord,
} from '../accounts/account-repository.js';
import type { Db } from '../db/database.js';
import { resetLinkForEmail } from '../auth/password-reset.js';
import { findServedAddress } from '../system/served-address-repository.js';
import { listMessages } from './messages-command.js';
import { withDatabase, type Write } from './cli-database.js';
import { productsUsage, runProducts } from './products-command.js';
import { resetTwoFactor, resetTwoFactorUsage } from './reset-two-factor-command.js';

const usage = `usage:
  ipam admin set-tier <account-id|owner-email> <tier 0-4> [--maxnetworks N] [--maxusers N]
                     [--ipv6 MIN-MAX|default]   (IPv6 prefix lengths, e.g. 32-128; default: /104-/124)
  ipam admin accounts
  ipam admin reset-password <email>
${resetTwoFactorUsage}
  ipam admin messages [--limit N]
${productsUsage}`;

/** `ipam admin`: operator commands on the configured database (safe while the server runs). */
export async function run(args: readonly string[]): Promise<number> {
  return withDatabase(
    (db, config) =>
      runAdmin(
        db,
        args,
        (text) => process.stdout.write(text),
        (text) => process.stderr.write(text),
        config.publicUrl,
      ),
    { existing: 'ipam admin' },
  );
}

/**
 * The admin subcommands on an open database; returns the exit status. Links are printed under
 * `publicUrl` (this shell's PUBLIC_URL) when given, else under the address the server recorded at start.
 */
export async function runAdmin(
  db: Db,
  args: readonly string[],
  out: Write,
  err: Write,
  publicUrl: string | null = null,
): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'accounts') return listAccounts(db, out);
  if (sub === 'reset-password') return resetPassword(db, rest, out, err, publicUrl);
  if (sub === 'reset-2fa') return resetTwoFactor(db, rest, out, err);
  if (sub === 'messages') return listMessages(db, rest, out, err);
  if (sub === 'set-tier') return setTier(db, rest, out, err);
  if (sub === 'products') return runProducts(db, rest, out, err);
  err(usage);
  return 2;
}

async function listAccounts(db: Db, out: Write): Promise<number> {
  const accounts = await listAllAccounts(db);
  const rows = [
    ['ID', 'TIER', 'MAXNETWORKS', 'MAXUSERS', 'USERS', 'OWNER', 'REFERENCE', 'IPV6'],
    ...accounts.map((a) => [
      a.id,
      `${a.tier} ${tierName(a.tier)}`,
      String(a.maxnetworks),
      String(a.maxusers),
      String(a.members),
      a.ownerEmail,
      a.reference,
      ipv6Text(a),
    ]),
  ];
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length))) ?? [];
  for (const row of rows)
    out(
      `${row
        .map((cell, col) => cell.padEnd(widths[col] ?? 0))
        .join('  ')
        .trimEnd()}\n`,
    );
  return 0;
}

/** The IPv6 prefix lengths an account may create, as the listing shows them ("/104-/124", "-" without IPv6). */
function ipv6Text(account: AccountRecord): string {
  const range = ipv6PrefixRange(account.tier, accountIpv6Range(account));
  return range ? `/${range.min}-/${range.max}` : '-';
}

/** Reads `--name N` as a non-negative integer; undefined when absent, NaN when malformed. */
function flag(args: readonly string[], name: string): number | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * Reads `--ipv6 MIN-MAX` (or `default`): undefined when absent (the account keeps its range), null for
 * the tier's default, 'bad' when malformed.
 */
function ipv6Flag(args: readonly string[]): PrefixRange | null | undefined | 'bad' {
  const index = args.indexOf('--ipv6');
  if (index < 0) return undefined;
  const value = args[index + 1] ?? '';
  if (value === 'default') return null;
  return parsePrefixRange(value) ?? 'bad';
}

async function setTier(db: Db, args: readonly string[], out: Write, err: Write): Promise<number> {
  const [key, tierText] = args;
  const ipv6 = ipv6Flag(args);
  if (ipv6 === 'bad') {
    err(`ipam admin set-tier: --ipv6 ${messages.prefixRangeInvalid} (or default)\n${usage}`);
    return 2;
  }
  const tier = Number(tierText);
  const defaults = tierText !== undefined && /^\d+$/.test(tierText) ? tierDefaults(tier) : undefined;
  const maxnetworks = flag(args, '--maxnetworks');
  const maxusers = flag(args, '--maxusers');
  if (!key || !defaults || Number.isNaN(maxnetworks) || Number.isNaN(maxusers)) {
    err(`ipam admin set-tier: expected an account, a tier from 0 to 4 and whole-number limits\n${usage}`);
    return 2;
  }
  const matches = await findAccountsByIdOrOwnerEmail(db, key.includes('@') ? key.trim().toLowerCase() : key);
  const account = matches[0];
  if (!account) {
    err(`ipam admin set-tier: no account with id or owner e-mail '${key}'\n`);
    return 1;
  }
  if (matches.length > 1) {
    err(`ipam admin set-tier: '${key}' owns ${matches.length} accounts; give one id:\n`);
    for (const m of matches) err(`  ${m.id}  ${m.reference}\n`);
    return 1;
  }
  // Custom has no defaults: the flags set its limits, otherwise the current ones stay.
  const limits = {
    tier,
    maxnetworks: maxnetworks ?? defaults.maxnetworks ?? account.maxnetworks,
    maxusers: maxusers ?? defaults.maxusers ?? account.maxusers,
  };
  await updateTierAndLimits(db, account.id, limits);
  if (ipv6 !== undefined) await updateIpv6Prefixes(db, account.id, ipv6);
  const range = ipv6PrefixRange(tier, ipv6 === undefined ? accountIpv6Range(account) : ipv6);
  out(
    `account ${account.id}: tier ${tier} ${defaults.name}, maxnetworks ${limits.maxnetworks}, ` +
      `maxusers ${limits.maxusers}` +
      (range ? `, IPv6 /${range.min}-/${range.max}` : ', no IPv6') +
      '\n',
  );
  return 0;
}

async function resetPassword(
  db: Db,
  args: readonly string[],
  out: Write,
  err: Write,
  publicUrl: string | null,
): Promise<number> {
  const [email] = args;
  if (!email) {
    err(`ipam admin reset-password: expected the user's e-mail address\n${usage}`);
    return 2;
  }
  // A link on a guessed port would not open: without a known address no token is made.
  const baseUrl = publicUrl ?? (await findServedAddress(db))?.url;
  if (!baseUrl) {
    err(
      `ipam admin reset-password: no address to build the link on: PUBLIC_URL is not set here and no\n` +
        `server has started on this database yet. Start it once (ipam start), or set PUBLIC_URL to the\n` +
        `address users reach (e.g. PUBLIC_URL=https://ipam.example.com ipam admin reset-password ${email}).\n`,
    );
    return 1;
  }
  const link = await resetLinkForEmail(db, email, baseUrl);
  if (!link) {
    err(`ipam admin reset-password: no user with e-mail '${email}'\n`);
    return 1;
  }
  out(`Reset link for ${email.trim().toLowerCase()} (single use, valid for 1 hour):\n${link}\n`);
  return 0;
}
