import { formatAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { MAX_BULK_ADDRESSES } from '@ipam/core/schemas/bulk-address-schemas';
import { expect, it } from 'vitest';
import { pageAudit } from '../audit/audit-repository.js';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import {
  createSubnetIn,
  inUseFields,
  injectAs,
  recordingPublisher,
  rowsOfSubnet,
  tierOnePerson,
  type TierOnePerson,
} from '../../test/ipam-factories.js';

const recorder = recordingPublisher();

describeEachDialect('bulk address changes (%s)', (dialect) => {
  const t = useTestApp(dialect, {}, { events: recorder });

  const bulk = (me: TierOnePerson, subnetId: string, body: unknown, accountId = me.accountId) =>
    injectAs(t.current, me, 'POST', `/subnets/${subnetId}/addresses/bulk`, body, accountId);
  const list = async (me: TierOnePerson, subnetId: string, query = '') =>
    (await injectAs(t.current, me, 'GET', `/subnets/${subnetId}/addresses?limit=1000${query}`)).body;
  const eventsOf = (accountId: string) =>
    recorder.events.filter((entry) => entry.accountId === accountId).map((entry) => entry.event);

  it('sets the fields given on every address in one change: counts, one audit entry each, one event', async () => {
    const me = await tierOnePerson(t.current);
    const subnet = await createSubnetIn(me.ctx, '10.20.0.0/24');
    const path = `/subnets/${subnet.id}/addresses`;
    await injectAs(t.current, me, 'PUT', `${path}/10.20.0.2`, inUseFields('db-1', 'old'));
    await injectAs(t.current, me, 'PUT', `${path}/10.20.0.3`, { status: 'Reserved', hostname: 'gw' });
    const eventsBefore = eventsOf(me.accountId).length;

    // Any valid form; the same address twice counts once; the answer is in address order.
    const set = await bulk(me, subnet.id, {
      action: 'set',
      ipAddresses: ['10.20.0.4', ' 10.20.0.2', '10.20.0.3', '10.20.0.2', '10.20.0.5'],
      status: 'In Use',
      description: 'rack 4',
    });
    expect(set.status).toBe(200);
    expect(set.body.count).toBe(4);
    expect(set.body.items.map((item: { ipAddress: string }) => item.ipAddress)).toEqual([
      '10.20.0.2',
      '10.20.0.3',
      '10.20.0.4',
      '10.20.0.5',
    ]);
    // Hostnames are never set in bulk; a field left out keeps its value.
    expect(set.body.items[0]).toMatchObject({
      status: 'In Use',
      hostname: 'db-1',
      description: 'rack 4',
      allowScannerUpdate: true,
      updatedBy: me.userId,
    });
    expect(set.body.items[1]).toMatchObject({ hostname: 'gw', status: 'In Use' });

    const page = await list(me, subnet.id, '&filter=in-use');
    expect(page).toMatchObject({ total: 4, usedCount: 4, usedPercent: 2 });
    expect((await list(me, subnet.id, '&filter=available')).total).toBe(250);

    const audit = await pageAudit(t.current.db, me.accountId, { subnetId: subnet.id, limit: 50 });
    const bulkEntries = audit.filter((entry) => entry.entity === 'address').slice(0, 4);
    expect(bulkEntries.map((entry) => entry.entityId).sort()).toEqual([
      '10.20.0.2',
      '10.20.0.3',
      '10.20.0.4',
      '10.20.0.5',
    ]);
    const gateway = bulkEntries.find((entry) => entry.entityId === '10.20.0.3');
    expect(gateway?.before).toMatchObject({ status: 'Reserved', description: '' });
    expect(gateway?.after).toMatchObject({ status: 'In Use', description: 'rack 4' });
    expect(eventsOf(me.accountId).slice(eventsBefore)).toEqual([
      { kind: 'address', id: subnet.id, subnetId: subnet.id },
    ]);

    // An empty description clears it; the scanner permission alone can be set.
    const cleared = await bulk(me, subnet.id, {
      action: 'set',
      ipAddresses: ['10.20.0.2', '10.20.0.3'],
      description: '',
      allowScannerUpdate: false,
    });
    expect(cleared.body.items).toEqual([
      expect.objectContaining({
        status: 'In Use',
        hostname: 'db-1',
        description: '',
        allowScannerUpdate: false,
      }),
      expect.objectContaining({
        status: 'In Use',
        hostname: 'gw',
        description: '',
        allowScannerUpdate: false,
      }),
    ]);
    expect((await list(me, subnet.id, '&filter=in-use')).total).toBe(4);
  });

  it("clears addresses as the spec's Clear does, written or not, and counts them Available", async () => {
    const me = await tierOnePerson(t.current);
    const subnet = await createSubnetIn(me.ctx, '2001:db8:20::/120');
    const path = `/subnets/${subnet.id}/addresses`;
    await injectAs(t.current, me, 'PUT', `${path}/2001:db8:20::10`, inUseFields('a', 'x'));
    await injectAs(t.current, me, 'PUT', `${path}/2001:db8:20::11`, { status: 'Reserved', hostname: 'b' });
    const response = await bulk(me, subnet.id, {
      action: 'clear',
      ipAddresses: ['2001:DB8:20:0:0:0:0:10', '2001:db8:20::11', '2001:db8:20::12'],
    });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(3);
    for (const item of response.body.items) {
      expect(item).toMatchObject({
        status: 'Available',
        hostname: '',
        description: '',
        allowScannerUpdate: false,
      });
    }
    expect(await list(me, subnet.id, '&filter=in-use')).toMatchObject({ total: 0, usedCount: 0 });
    expect((await list(me, subnet.id, '&filter=available')).total).toBe(256);
    expect(await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id)).toBe(3);
  });

  it('refuses more than 4,096 addresses, an empty list, nothing to set and hostnames, writing nothing', async () => {
    const me = await tierOnePerson(t.current);
    const subnet = await createSubnetIn(me.ctx, '10.21.0.0/16');
    const many = Array.from({ length: MAX_BULK_ADDRESSES + 1 }, (_, i) =>
      formatAddress(4, subnet.prefix.network + 1n + BigInt(i)),
    );
    const refusals: [unknown, string][] = [
      [{ action: 'clear', ipAddresses: many }, messages.bulkTooManyAddresses(MAX_BULK_ADDRESSES)],
      [{ action: 'clear', ipAddresses: [] }, messages.bulkAddressesRequired],
      [{ action: 'set', ipAddresses: ['10.21.0.1'] }, messages.bulkNothingToSet],
      [{ action: 'set', ipAddresses: ['10.21.0.1'], status: 'Gone' }, messages.addressStatusInvalid],
      [{ action: 'delete', ipAddresses: ['10.21.0.1'] }, messages.bulkActionInvalid],
    ];
    for (const [body, message] of refusals) {
      const response = await bulk(me, subnet.id, body);
      expect(response, message).toMatchObject({
        status: 400,
        body: { error: message, code: 'validation_failed' },
      });
    }
    const hostname = await bulk(me, subnet.id, {
      action: 'set',
      ipAddresses: ['10.21.0.1'],
      status: 'In Use',
      hostname: 'same-for-all',
    });
    expect(hostname.status).toBe(400);
    expect(hostname.body.error).toContain('hostname');
    expect(await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id)).toBe(0);

    // Exactly the limit is one change (its time is measured in bench/addresses.md).
    const limit = await bulk(me, subnet.id, {
      action: 'set',
      ipAddresses: many.slice(1),
      status: 'Reserved',
    });
    expect(limit.status).toBe(200);
    expect(limit.body.count).toBe(MAX_BULK_ADDRESSES);
    expect((await list(me, subnet.id, '&filter=in-use')).usedCount).toBe(MAX_BULK_ADDRESSES);
  }, 60_000);

  it('refuses addresses that are not hosts of the subnet, naming each, and writes none of the list', async () => {
    const me = await tierOnePerson(t.current);
    const subnet = await createSubnetIn(me.ctx, '10.22.0.0/28');
    const cidr = '10.22.0.0/28';
    const response = await bulk(me, subnet.id, {
      action: 'set',
      ipAddresses: ['10.22.0.1', '10.22.0.99', '10.22.0.15', 'nonsense'],
      status: 'In Use',
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('address_outside_subnet');
    const outside = messages.bulkAddressRefused('10.22.0.99', messages.addressOutsideSubnet(cidr));
    expect(response.body.error).toBe(messages.bulkAddressesRefused(3, outside));
    expect(response.body.fields).toEqual({
      'ipAddresses.1': outside,
      'ipAddresses.2': messages.bulkAddressRefused(
        '10.22.0.15',
        messages.broadcastAddressNotHost('10.22.0.15', cidr),
      ),
      'ipAddresses.3': messages.bulkAddressRefused('nonsense', messages.invalidIPv4),
    });
    const one = await bulk(me, subnet.id, { action: 'clear', ipAddresses: ['10.22.0.1', '10.22.1.1'] });
    expect(one.body.error).toBe(
      messages.bulkAddressRefused('10.22.1.1', messages.addressOutsideSubnet(cidr)),
    );
    expect(await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id)).toBe(0);
  });

  it("answers 404 for another account's subnet, 409 for a container, 403 for a read-only token", async () => {
    const owner = await tierOnePerson(t.current);
    const stranger = await tierOnePerson(t.current);
    const subnet = await createSubnetIn(owner.ctx, '10.23.0.0/24');
    const body = { action: 'set', ipAddresses: ['10.23.0.1'], status: 'Reserved' };
    // Through the stranger's own account, and through the owner's account id (not a member).
    expect(await bulk(stranger, subnet.id, body)).toMatchObject({
      status: 404,
      body: { error: messages.notFound },
    });
    expect(await bulk(stranger, subnet.id, body, owner.accountId)).toMatchObject({ status: 404 });

    const container = await createSubnetIn(owner.ctx, '10.24.0.0/16', { kind: 'container' });
    const intoContainer = await bulk(owner, container.id, { ...body, ipAddresses: ['10.24.0.1'] });
    expect(intoContainer).toMatchObject({
      status: 409,
      body: { code: 'container_no_addresses', error: messages.containerHasNoAddresses('10.24.0.0/16') },
    });

    const tokenOf = async (scope: 'read' | 'write') =>
      (
        await owner.client.post(`/api/accounts/${owner.accountId}/tokens`, {
          name: scope,
          scope,
          expiresInDays: 30,
        })
      ).body.token as string;
    const url = `/api/accounts/${owner.accountId}/subnets/${subnet.id}/addresses/bulk`;
    const reader = t.current.client({ authorization: `Bearer ${await tokenOf('read')}` });
    expect(await reader.post(url, body)).toMatchObject({ status: 403, body: { code: 'token_read_only' } });
    expect(await rowsOfSubnet(t.current.db, 'ip_addresses', subnet.id)).toBe(0);
    const writer = t.current.client({ authorization: `Bearer ${await tokenOf('write')}` });
    expect(await writer.post(url, body)).toMatchObject({ status: 200, body: { count: 1 } });
  });
});
