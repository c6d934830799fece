import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet } from '../../test/ipam-factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`one address, and which subnet holds an address (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('reads one address, written or never written, in any valid form', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const subnet = (await postSubnet(me, group.id, '2001:db8:7::/120')).body;
      const put = await me.call('PUT', `/subnets/${subnet.id}/addresses/2001:db8:7::5`, {
        status: 'In Use',
        hostname: 'web',
        description: '',
        allowScannerUpdate: true,
      });
      expect(put.status).toBe(200);
      const written = await me.call('GET', `/subnets/${subnet.id}/addresses/2001:DB8:7:0::5`);
      expect(written.status).toBe(200);
      expect(written.body).toEqual(put.body);
      const virtual = await me.call('GET', `/subnets/${subnet.id}/addresses/2001:db8:7::6`);
      expect(virtual.body).toEqual({
        id: null,
        ipAddress: '2001:db8:7::6',
        status: 'Available',
        hostname: '',
        description: '',
        allowScannerUpdate: true,
        updatedDate: null,
        updatedBy: null,
        mac: null,
        firstSeen: null,
        lastSeen: null,
        lastSeenBy: null,
        previousMac: null,
        macChangedAt: null,
      });
      const outside = await me.call('GET', `/subnets/${subnet.id}/addresses/2001:db8:8::1`);
      expect(outside.status).toBe(400);
      expect(outside.body.error).toBe(messages.addressOutsideSubnet('2001:db8:7::/120'));
      expect((await me.call('GET', `/subnets/${subnet.id}/addresses/banana`)).status).toBe(400);
    });

    it('finds the leaf holding an address in each VRF, or in one, and nothing of another account', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const lab = (await me.call('POST', '/vrfs', { name: 'Lab' })).body;
      const site = (await postSubnet(me, group.id, '10.30.0.0/16', { kind: 'container' })).body;
      const global = (await postSubnet(me, group.id, '10.30.1.0/24')).body;
      const inLab = (await postSubnet(me, group.id, '10.30.1.0/24', { vrfId: lab.id })).body;
      await me.call('PUT', `/subnets/${inLab.id}/addresses/10.30.1.9`, {
        status: 'Reserved',
        hostname: 'lab-gw',
        description: '',
        allowScannerUpdate: false,
      });
      const both = await me.call('GET', '/addresses/lookup?ip=10.30.1.9');
      expect(both.status).toBe(200);
      expect(both.body.ipAddress).toBe('10.30.1.9');
      expect(
        both.body.items.map(
          (item: { vrfName: string; subnet: { id: string }; address: { status: string } }) => [
            item.vrfName,
            item.subnet.id,
            item.address.status,
          ],
        ),
      ).toEqual([
        ['Global', global.id, 'Available'],
        ['Lab', inLab.id, 'Reserved'],
      ]);
      const onlyLab = await me.call('GET', `/addresses/lookup?ip=10.30.1.9&vrfId=${lab.id}`);
      expect(onlyLab.body.items.map((item: { subnet: { id: string } }) => item.subnet.id)).toEqual([
        inLab.id,
      ]);
      // A container holds no addresses; an address in it but in no leaf, and a network address, find nothing.
      expect((await me.call('GET', '/addresses/lookup?ip=10.30.9.9')).body.items).toEqual([]);
      expect((await me.call('GET', '/addresses/lookup?ip=10.30.1.0')).body.items).toEqual([]);
      expect((await me.call('GET', `/subnets/${site.id}/addresses/10.30.9.9`)).status).toBe(409);
      const bad = await me.call('GET', '/addresses/lookup?ip=10.30.1.999');
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ ip: messages.invalidIpAddress });
      expect((await me.call('GET', '/addresses/lookup')).status).toBe(400);

      const other = await accountSession(t.current, { tier: 1 });
      expect((await other.call('GET', '/addresses/lookup?ip=10.30.1.9')).body.items).toEqual([]);
      expect((await other.call('GET', `/addresses/lookup?ip=10.30.1.9&vrfId=${lab.id}`)).status).toBe(404);
      expect((await other.call('GET', `/subnets/${inLab.id}/addresses/10.30.1.9`)).status).toBe(404);
    });
  });
}
