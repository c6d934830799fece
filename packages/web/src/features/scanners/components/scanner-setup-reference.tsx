import { Code, List, Stack, Table, Text, Title } from '@mantine/core';

/** The agent's options that change how it finds hosts (`ipam-scanner --help` lists them all). */
const options: { option: string; effect: string }[] = [
  {
    option: '--probe auto',
    effect: 'The default: ICMP echo (fping, else ping), then TCP 22, 80, 443, 445, 3389 for silent hosts.',
  },
  { option: '--probe icmp', effect: 'ICMP echo only.' },
  {
    option: '--probe tcp:PORT[,PORT…]',
    effect: 'TCP connects to these ports only, for networks that drop ICMP.',
  },
  {
    option: '--refused-is-dead',
    effect: 'Only a host that accepts a connection is alive; a refusal (which a firewall may send) is not.',
  },
  { option: '--timeout MS', effect: 'How long each probe waits for an answer (default 1000).' },
  { option: '--concurrency N', effect: 'Hosts probed at once by ping or TCP (default 64).' },
  { option: '--no-dns', effect: 'No reverse DNS lookups for hostnames.' },
  { option: '--dns-server ADDR[:PORT]', effect: 'Ask this DNS server for hostnames (repeatable).' },
  { option: '--no-multicast', effect: 'IPv6: do not echo ff02::1 on the subnet’s link.' },
  {
    option: '--kea-leases PATH',
    effect: 'Read Kea’s lease file (kea-leases4.csv, kea-leases6.csv) each scan (repeatable).',
  },
  { option: '--dhcpd-leases PATH', effect: 'Read ISC dhcpd’s dhcpd.leases each scan (repeatable).' },
  {
    option: '--kea-control URL',
    effect:
      'Ask Kea’s control agent for its leases each scan (repeatable); user:password from the IPAM_KEA_CONTROL_AUTH variable or --kea-control-auth-file PATH.',
  },
  {
    option: '--snmp-config FILE',
    effect:
      'Also read routers’ and switches’ ARP and IPv6 neighbour tables over SNMP (v2c or v3 authPriv): a JSON file of targets (or IPAM_SNMP_CONFIG). Targets can also be stored for the scanner in Settings › Scanners › SNMP Targets.',
  },
];

/** Firewall needs, what the agent probes, its options, and how the server applies what it found. */
export function ScannerSetupReference() {
  return (
    <>
      <Stack gap="sm">
        <Title order={3}>Firewall</Title>
        <List size="sm" spacing={4}>
          <List.Item>
            From the agent to this server: HTTPS (or HTTP) to its address and port. Use HTTPS outside a test:
            the key travels with every call.
          </List.Item>
          <List.Item>
            From the agent to the scanned subnets: ICMP echo (ICMPv6 echo for IPv6) and TCP 22, 80, 443, 445
            and 3389, or the ports given with <Code>--probe tcp:…</Code>.
          </List.Item>
          <List.Item>
            From the agent to its DNS server: port 53, for the hostnames (none with <Code>--no-dns</Code>).
          </List.Item>
          <List.Item>
            From the agent to Kea&apos;s control agent, when given with <Code>--kea-control</Code>: its HTTP
            or HTTPS port. With SNMP targets: from the agent to each router or switch, UDP 161 (or the port
            given), and the device must let the agent&apos;s address read IP-MIB&apos;s{' '}
            <Code>ipNetToPhysicalTable</Code> (1.3.6.1.2.1.4.35) or <Code>ipNetToMediaTable</Code>{' '}
            (1.3.6.1.2.1.4.22).
          </List.Item>
          <List.Item>Nothing inbound: the agent listens on no port.</List.Item>
        </List>
      </Stack>

      <Stack gap="sm">
        <Title order={3}>What is probed</Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Each of the scanner&apos;s subnets whose scanning type is Approval or Auto, when it is due: after
            Scan Now, when never scanned, or once its scan frequency has passed since the last scan. Subnets
            with No Scanning are never scanned, and a scanner with Block Scanning on is given nothing.
          </List.Item>
          <List.Item>
            A subnet of up to 65,536 addresses is swept: every host address is probed. A larger one (IPv4
            shorter than /16, IPv6 /104 to /111) is not swept: for IPv6 the agent probes the addresses the
            subnet has recorded, plus those in its neighbour table and those answering an echo to ff02::1 on
            the link when the agent has an address in the subnet; for IPv4, those in its neighbour table.
          </List.Item>
          <List.Item>
            ICMP echo through <Code>fping</Code> (one process per batch), else <Code>ping</Code> (one per
            host); a host that does not answer is tried with TCP connects. Without fping and ping, TCP only. A
            refused connection counts as alive: the host answered.
          </List.Item>
          <List.Item>
            The neighbour table (<Code>ip neigh</Code>, else <Code>/proc/net/arp</Code>): a host that just
            answered ARP or NDP counts as alive even if it ignored the probe, and live hosts are reported with
            their MAC address. Only hosts on the agent&apos;s own network segment appear there.
          </List.Item>
          <List.Item>
            DHCP leases, when the agent is given a lease file or Kea&apos;s control agent: a host holding an
            active lease counts as alive even if it ignored the probe, with the lease&apos;s MAC address and
            client hostname. Expired, released and declined leases do not count.
          </List.Item>
          <List.Item>
            SNMP targets (the scanner&apos;s SNMP Targets and the agent&apos;s <Code>--snmp-config</Code>
            file): each router&apos;s ARP and IPv6 neighbour table is read once a round; a host listed there
            (not incomplete or invalid) counts as alive with its MAC address, even if it answers no probe, and
            is probed too. A router (or lease source) that cannot be read is logged and skipped, and that scan
            reports no host as gone.
          </List.Item>
          <List.Item>
            Reverse DNS (PTR) for every live host: the first name found becomes its hostname (over the
            lease&apos;s name).
          </List.Item>
        </List>
        <Table withTableBorder verticalSpacing={6} aria-label="Agent options">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Option</Table.Th>
              <Table.Th>Effect</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {options.map(({ option, effect }) => (
              <Table.Tr key={option}>
                <Table.Td>
                  <Code>{option}</Code>
                </Table.Td>
                <Table.Td>{effect}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>

      <Stack gap="sm">
        <Title order={3}>How results are applied</Title>
        <Text size="sm">
          Only addresses with &quot;Allow scanner update&quot; on are changed (Clear turns it off). The
          differences the scan finds are:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>an Available address that answers becomes In Use, with the hostname found;</List.Item>
          <List.Item>
            an In Use address that no longer answers becomes Available, its hostname emptied.
          </List.Item>
        </List>
        <Text size="sm">
          <b>Auto</b> scanning writes these changes at once. <b>Approval</b> scanning turns each into a
          Pending Approval for a person to confirm or ignore (there, a Reserved address that answers is
          proposed as In Use too); an approval whose address the scan now finds as recorded is dropped. When
          the scan is done, the subnet&apos;s last scan time is set and Scan Now is cleared.
        </Text>
      </Stack>
    </>
  );
}
