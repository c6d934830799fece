import { randomUUID } from 'node:crypto';
import type { DnsProviderView } from '@ipam/core/api/dns';
import { messages } from '@ipam/core/messages';
import {
  MAX_DNS_PROVIDERS_PER_ACCOUNT,
  type DnsProviderCreateInput,
  type DnsProviderUpdateInput,
} from '@ipam/core/schemas/dns-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { DnsProvider } from './dns-provider.js';
import {
  deleteDnsProvider,
  insertDnsProvider,
  listDnsProviders,
  updateDnsProvider,
  type DnsProviderRecord,
} from './dns-provider-repository.js';
import { countSettingsOfProvider } from './dns-settings-repository.js';
import { requireDnsProvider } from './dns-settings-in-force.js';
import { PowerDnsClient } from './powerdns-client.js';
import { Rfc2136Client } from './rfc2136-client.js';

/** A provider as the API shows it: the secret stays behind. */
export function dnsProviderView(provider: DnsProviderRecord): DnsProviderView {
  return {
    id: provider.id,
    name: provider.name,
    kind: provider.kind,
    endpoint: provider.endpoint,
    tsigKeyName: provider.tsigKeyName,
    tsigAlgorithm: provider.tsigAlgorithm,
    hasSecret: provider.secret !== '',
    updatedDate: provider.updatedDate,
  };
}

/** The client that talks to a stored provider. */
export function dnsClientOf(provider: DnsProviderRecord): DnsProvider {
  if (provider.kind === 'powerdns')
    return new PowerDnsClient({ url: provider.endpoint, apiKey: provider.secret });
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(provider.endpoint);
  return new Rfc2136Client({
    host: match?.[1] ?? provider.endpoint,
    port: Number(match?.[2] ?? 53),
    key: {
      name: provider.tsigKeyName ?? '',
      algorithm: provider.tsigAlgorithm ?? 'hmac-sha256',
      secret: provider.secret,
    },
  });
}

async function checkNameFree(
  db: Db,
  accountId: string,
  name: string,
  exceptId: string | null,
): Promise<void> {
  const folded = name.toLowerCase();
  const taken = (await listDnsProviders(db, accountId)).some(
    (p) => p.id !== exceptId && p.name.toLowerCase() === folded,
  );
  if (taken)
    throw new DomainError('dns_provider_name_taken', messages.dnsProviderNameInUse, {
      name: messages.dnsProviderNameInUse,
    });
}

function fields(input: DnsProviderCreateInput | DnsProviderUpdateInput) {
  const isTsig = input.kind === 'rfc2136';
  return {
    name: input.name,
    kind: input.kind,
    endpoint: input.endpoint,
    tsigKeyName: isTsig ? (input.tsigKeyName ?? null) : null,
    tsigAlgorithm: isTsig ? (input.tsigAlgorithm ?? 'hmac-sha256') : null,
  };
}

/** The account's providers (admins and owners, by core's route table: they name the servers and keys DNS trusts). */
export async function dnsProvidersOf(ctx: ChangeContext): Promise<DnsProviderView[]> {
  return (await listDnsProviders(ctx.db, ctx.account.id)).map(dnsProviderView);
}

/** Adds a provider; the audit log records it without its secret. */
export async function createDnsProvider(
  ctx: ChangeContext,
  input: DnsProviderCreateInput,
): Promise<DnsProviderView> {
  return runChange(ctx, async ({ trx, audit }) => {
    if ((await listDnsProviders(trx, ctx.account.id)).length >= MAX_DNS_PROVIDERS_PER_ACCOUNT) {
      throw new DomainError('dns_provider_limit_reached', messages.dnsProviderLimit);
    }
    await checkNameFree(trx, ctx.account.id, input.name, null);
    const provider: DnsProviderRecord = {
      id: randomUUID(),
      accountId: ctx.account.id,
      ...fields(input),
      secret: input.secret,
      updatedDate: nowIso(),
    };
    await insertDnsProvider(trx, provider);
    const view = dnsProviderView(provider);
    audit({ action: 'create', entity: 'dns_provider', entityId: provider.id, after: view });
    return view;
  });
}

/** Changes a provider; its secret only when a new one is given. */
export async function editDnsProvider(
  ctx: ChangeContext,
  id: string,
  input: DnsProviderUpdateInput,
): Promise<DnsProviderView> {
  return runChange(ctx, async ({ trx, audit }) => {
    const before = await requireDnsProvider(trx, ctx.account.id, id);
    await checkNameFree(trx, ctx.account.id, input.name, id);
    const after: DnsProviderRecord = {
      ...before,
      ...fields(input),
      secret: input.secret ? input.secret : before.secret,
      updatedDate: nowIso(),
    };
    await updateDnsProvider(trx, after);
    const view = dnsProviderView(after);
    audit({
      action: 'update',
      entity: 'dns_provider',
      entityId: id,
      before: dnsProviderView(before),
      after: view,
    });
    return view;
  });
}

/** Removes a provider that no settings use. */
export async function removeDnsProvider(ctx: ChangeContext, id: string): Promise<void> {
  await runChange(ctx, async ({ trx, audit }) => {
    const before = await requireDnsProvider(trx, ctx.account.id, id);
    if ((await countSettingsOfProvider(trx, ctx.account.id, id)) > 0) {
      throw new DomainError('dns_provider_in_use', messages.dnsProviderInUse);
    }
    await deleteDnsProvider(trx, ctx.account.id, id);
    audit({ action: 'delete', entity: 'dns_provider', entityId: id, before: dnsProviderView(before) });
  });
}
