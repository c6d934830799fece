import { compareDnsRecords, type DnsRecordIn } from '@ipam/core/dns-compare';
import { parseAddress } from '@ipam/core/ip-address';
import { reverseName } from '@ipam/core/reverse-zone';
import { dnsRecordsOf } from '@ipam/core/dns-changes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import {
  digShort,
  startBind,
  startPowerDns,
  type BindServer,
  type PowerDnsServer,
} from '../../test/dns-servers.js';
import { createTestDatabase, type TestDatabase } from '../../test/dialects.js';
import { createAccountContext, createSubnetIn, inUseFields } from '../../test/ipam-factories.js';
import { clearAddress, setAddress } from '../addresses/address-writes.js';
import type { ChangeContext } from '../commands/change.js';
import { dnsHandler } from './dns-handler.js';
import { dnsItemsOf } from './dns-producer.js';
import { createDnsProvider, dnsClientOf } from './dns-providers.js';
import { requireDnsProvider } from './dns-settings-in-force.js';
import { listNamedAddresses } from './dns-settings-repository.js';
import { setDnsSettings } from './dns-settings.js';

const ZONE = 'sync.test';
const REVERSE = ['2.0.192.in-addr.arpa', '100.51.198.in-addr.arpa', '8.b.d.0.1.0.0.2.ip6.arpa'];
let pdns: PowerDnsServer;
let bind: BindServer;

beforeAll(async () => {
  // One after the other: a server that fails to start must not leave the other one unstopped.
  pdns = await startPowerDns();
  bind = await startBind([ZONE, ...REVERSE]);
  for (const zone of [ZONE, ...REVERSE]) await pdns.createZone(zone);
}, 60_000);

afterAll(async () => {
  await Promise.all([pdns?.stop(), bind?.stop()]);
});

type Kind = 'powerdns' | 'rfc2136';

/**
 * A subnet with DNS settings and a way to change its addresses the way the app does: the address
 * command, then the DNS producer over the change's address audit entry (the addresses' before and
 * after, as runChange hands its audits to the outbox producers), then the DNS handler delivers the item.
 */
async function syncedSubnet(
  db: TestDatabase['db'],
  kind: Kind,
  cidr: string,
  reverseZone: string | null = null,
) {
  const ctx: ChangeContext = await createAccountContext(db);
  const subnet = await createSubnetIn(ctx, cidr);
  const provider =
    kind === 'powerdns'
      ? await createDnsProvider(ctx, { name: 'p', kind, endpoint: pdns.apiUrl, secret: pdns.apiKey })
      : await createDnsProvider(ctx, {
          name: 'b',
          kind,
          endpoint: `127.0.0.1:${bind.port}`,
          tsigKeyName: bind.keyName,
          tsigAlgorithm: 'hmac-sha256',
          secret: bind.secret,
        });
  await setDnsSettings(
    ctx,
    { kind: 'subnet', id: subnet.id },
    { providerId: provider.id, forwardZone: ZONE, reverseZone },
  );
  const handler = dnsHandler(db);
  const states = new Map<string, { ipAddress: string; hostname: string } | null>();
  const change = async (ip: string, hostname: string | null): Promise<void> => {
    const before = states.get(ip) ?? null;
    const after =
      hostname === null
        ? await clearAddress(ctx, subnet.id, ip)
        : await setAddress(ctx, subnet.id, ip, inUseFields(hostname));
    states.set(ip, after);
    const items = await dnsItemsOf(db, ctx.account.id, {
      audits: [{ entity: 'address', subnetId: subnet.id, before, after }],
    });
    for (const item of items) {
      const outcome = await handler.deliver({ accountId: ctx.account.id, payload: item.payload });
      if (!outcome.isDelivered) throw new Error(`DNS delivery failed: ${outcome.error ?? ''}`);
    }
  };
  /** Every difference between the subnet's addresses and the zones, read back from the server. */
  const differences = async (reverseZone: string, isInScope: (record: DnsRecordIn) => boolean) => {
    const client = dnsClientOf(await requireDnsProvider(db, ctx.account.id, provider.id));
    const zones = { forwardZone: ZONE, reverseZone };
    const expected = (await listNamedAddresses(db, ctx.account.id, subnet.id)).flatMap((a) =>
      dnsRecordsOf(a, zones),
    );
    const held = [
      ...(await client.list(ZONE)).map((r) => ({ ...r, zone: ZONE })),
      ...(await client.list(reverseZone)).map((r) => ({ ...r, zone: reverseZone })),
    ];
    return compareDnsRecords(expected, held, isInScope);
  };
  return { change, differences };
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`DNS sync of address changes (${dialect})`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => database?.destroy());

    for (const kind of ['powerdns', 'rfc2136'] as const) {
      const port = () => (kind === 'powerdns' ? pdns.dnsPort : bind.port);
      const host = (name: string) => `${name}-${dialect}-${kind}.${ZONE}`;

      it(`${kind}: creates, renames, deletes, moves a hostname, and writes IPv6, as dig sees`, async () => {
        const v4 = await syncedSubnet(
          database.db,
          kind,
          dialect === 'sqlite' ? '192.0.2.0/26' : '192.0.2.64/26',
        );
        const ip = (n: number) =>
          `192.0.2.${(dialect === 'sqlite' ? 0 : 64) + (kind === 'powerdns' ? 0 : 30) + n}`;
        const ptr = (n: number) => `${ip(n).split('.').reverse().join('.')}.in-addr.arpa`;
        const name = host('web');
        await v4.change(ip(1), name);
        expect(await digShort(port(), name, 'A')).toEqual([ip(1)]);
        expect(await digShort(port(), ptr(1), 'PTR')).toEqual([`${name}.`]);

        const renamed = host('app');
        await v4.change(ip(1), renamed);
        expect(await digShort(port(), name, 'A')).toEqual([]);
        expect(await digShort(port(), renamed, 'A')).toEqual([ip(1)]);
        expect(await digShort(port(), ptr(1), 'PTR')).toEqual([`${renamed}.`]);

        // Moved: the new holder gets it first, then the old one is cleared; the A stays with the new holder.
        await v4.change(ip(2), renamed);
        await v4.change(ip(1), null);
        expect(await digShort(port(), renamed, 'A')).toEqual([ip(2)]);
        expect(await digShort(port(), ptr(1), 'PTR')).toEqual([]);
        expect(await digShort(port(), ptr(2), 'PTR')).toEqual([`${renamed}.`]);

        await v4.change(ip(2), null);
        expect(await digShort(port(), renamed, 'A')).toEqual([]);
        expect(await digShort(port(), ptr(2), 'PTR')).toEqual([]);

        const v6 = await syncedSubnet(
          database.db,
          kind,
          dialect === 'sqlite' ? '2001:db8::1:0/112' : '2001:db8::2:0/112',
          REVERSE[2] ?? null,
        );
        const six = `2001:db8::${dialect === 'sqlite' ? 1 : 2}:${kind === 'powerdns' ? 'a' : 'b'}`;
        await v6.change(six, host('v6'));
        expect(await digShort(port(), host('v6'), 'AAAA')).toEqual([six]);
        const parsed = parseAddress(six);
        expect(await digShort(port(), parsed ? reverseName(6, parsed.value) : '', 'PTR')).toEqual([
          `${host('v6')}.`,
        ]);
      }, 60_000);
    }
  });
}

describeOn('sqlite')('DNS sync under 2,000 random changes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database?.destroy());

  for (const kind of ['powerdns', 'rfc2136'] as const) {
    it(`${kind}: leaves no orphan PTR and no missing record`, async () => {
      const subnet = await syncedSubnet(database.db, kind, '198.51.100.0/24');
      const offset = kind === 'powerdns' ? 0 : 100;
      let seed = 32;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return Math.floor((seed / 2 ** 31) * n);
      };
      const holder = new Map<string, string>(); // hostname → ip
      const nameOf = new Map<string, string>(); // ip → hostname
      for (let i = 0; i < 2000; i++) {
        const ip = `198.51.100.${offset + 1 + random(40)}`;
        const roll = random(10);
        const current = nameOf.get(ip);
        if (roll < 3 && current !== undefined) {
          await subnet.change(ip, null);
          nameOf.delete(ip);
          holder.delete(current);
          continue;
        }
        const name = `h${random(30)}-${kind}`;
        const other = holder.get(name);
        // A hostname moved between addresses: its old holder loses it in the same breath.
        if (other !== undefined && other !== ip) {
          await subnet.change(other, null);
          nameOf.delete(other);
        }
        if (current !== undefined) holder.delete(current);
        await subnet.change(ip, name);
        nameOf.set(ip, name);
        holder.set(name, ip);
      }
      const inSubnet = (r: DnsRecordIn) => r.type === 'PTR' || r.value.startsWith('198.51.100.');
      expect(await subnet.differences('100.51.198.in-addr.arpa', inSubnet)).toEqual([]);
      expect(nameOf.size).toBeGreaterThan(10);
      // About 2 minutes alone; 2,000 round trips to a DNS server took over 5 on a loaded machine.
    }, 900_000);
  }
});
