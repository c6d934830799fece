import { type NetboxAddressStatus, type NetboxDataBuilder, netboxData } from './netbox-data.js';

/** The statuses the addresses of 10.0.1.0/24 cycle through: 10.0.1.1 active, .2 reserved … .6 active. */
export const CYCLED_STATUSES: NetboxAddressStatus[] = ['active', 'reserved', 'deprecated', 'dhcp', 'slaac'];

/**
 * The data set that makes an import's life hard, 1,515 addresses in all (more than one page of 1,000):
 *
 * VRFs 1 CUST-A (rd 65000:1), 2 MGMT (no rd), 3 LAB (no prefixes). Tenants 1 Acme, 2 Globex, 3 Initech
 * (no prefixes). Sites 1 AMS1, 2 FRA1; location 1 "AMS1 Hall 2" at AMS1; region 1 Europe.
 * VLANs 1 = 10 Users, 2 = 20 Servers, 3 = 30 V6.
 *
 * Prefixes (id: prefix, VRF, status, tenant, scope, VLAN, description):
 * 1: 10.0.0.0/16 Global container, Acme, site AMS1, –, "Campus"
 * 2: 10.0.1.0/24 Global active, Acme, site AMS1, VLAN 10, "Users"
 * 3: 10.0.2.0/24 Global active, Globex, location AMS1 Hall 2, –, "" (named by its prefix)
 * 4: 10.0.2.64/26 Global reserved (nested in 3 without being a container), –, region Europe, –, "Printers"
 * 5: 10.0.0.0/16 CUST-A active (the same prefix as 1), Globex, site FRA1, VLAN 20, "Customer A campus"
 * 6: 2001:db8::/32 Global container, –, –, –, "IPv6 block"
 * 7: 2001:db8:1::/64 Global deprecated, Acme, site FRA1, VLAN 30, ""
 * 8: 192.168.0.0/24 MGMT active, –, –, –, "Management"
 * 9: 172.16.0.0/12 Global container holding nothing, "Spare"
 *
 * Addresses, in this order: 10.0.1.1–254/24 (statuses cycling through CYCLED_STATUSES, host-N.acme.example);
 * 10.0.2.1–254/24 active; in CUST-A 1,000 addresses 10.0.0.1/16 … 10.0.3.238/16 (.1–.254 of each /24)
 * active, its 10.0.1.x the same IPs as Global ones; IPv6 2001:db8:1::1/64 active "v6-host.example", 2001:db8:1::a/64 slaac, 2001:db8:2::1/64
 * dhcp (in the /32 container only); without any prefix 198.51.100.7/24 active "Orphan" and
 * 203.0.113.9/32 reserved; in MGMT 192.168.0.1/24 reserved "sw1.mgmt.example" and 192.168.0.2/24 with
 * the custom status "planned".
 */
export function awkwardNetboxData(): NetboxDataBuilder {
  const data = netboxData();
  const custA = data.vrf('CUST-A', { rd: '65000:1', description: 'Customer A' });
  const mgmt = data.vrf('MGMT');
  data.vrf('LAB', { rd: '65000:9' });
  const acme = data.tenant('Acme', { description: 'Acme Corp' });
  const globex = data.tenant('Globex');
  data.tenant('Initech');
  const ams = data.site('AMS1', { description: 'Amsterdam' });
  const fra = data.site('FRA1');
  const hall = data.location('AMS1 Hall 2', ams);
  const europe = data.region('Europe');
  const users = data.vlan(10, 'Users');
  const servers = data.vlan(20, 'Servers');
  const v6 = data.vlan(30, 'V6');

  const site = (id: number) => ({ site: id });
  data.prefix('10.0.0.0/16', { status: 'container', tenant: acme, scope: site(ams), description: 'Campus' });
  data.prefix('10.0.1.0/24', { tenant: acme, scope: site(ams), vlan: users, description: 'Users' });
  data.prefix('10.0.2.0/24', { tenant: globex, scope: { location: hall } });
  data.prefix('10.0.2.64/26', { status: 'reserved', scope: { region: europe }, description: 'Printers' });
  data.prefix('10.0.0.0/16', {
    vrf: custA,
    tenant: globex,
    scope: site(fra),
    vlan: servers,
    description: 'Customer A campus',
  });
  data.prefix('2001:db8::/32', { status: 'container', description: 'IPv6 block' });
  data.prefix('2001:db8:1::/64', { status: 'deprecated', tenant: acme, scope: site(fra), vlan: v6 });
  data.prefix('192.168.0.0/24', { vrf: mgmt, description: 'Management' });
  data.prefix('172.16.0.0/12', { status: 'container', description: 'Spare' });

  for (let host = 1; host <= 254; host += 1) {
    const status = CYCLED_STATUSES[(host - 1) % CYCLED_STATUSES.length];
    data.address(`10.0.1.${host}/24`, { status, dnsName: `host-${host}.acme.example`, tenant: acme });
  }
  for (let host = 1; host <= 254; host += 1) data.address(`10.0.2.${host}/24`);
  for (let index = 0; index < 1000; index += 1) {
    data.address(`10.0.${Math.floor(index / 254)}.${(index % 254) + 1}/16`, { vrf: custA, tenant: globex });
  }
  data.address('2001:db8:1::1/64', { dnsName: 'v6-host.example' });
  data.address('2001:db8:1::a/64', { status: 'slaac' });
  data.address('2001:db8:2::1/64', { status: 'dhcp' });
  data.address('198.51.100.7/24', { description: 'Orphan' });
  data.address('203.0.113.9/32', { status: 'reserved' });
  data.address('192.168.0.1/24', { vrf: mgmt, status: 'reserved', dnsName: 'sw1.mgmt.example' });
  data.address('192.168.0.2/24', { vrf: mgmt, status: 'planned' });
  return data;
}
