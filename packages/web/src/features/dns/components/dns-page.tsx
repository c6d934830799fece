import { messages } from '@ipam/core/messages';
import { Anchor, Divider, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.js';
import { paths } from '../../../config/paths.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useCan } from '../../../lib/use-can.js';
import { useSubnets } from '../../../lib/subnets/get-subnets.js';
import { useDnsProviders } from '../api/dns-api.js';
import { DnsCompareSection } from './dns-compare-section.js';
import { DnsProvidersSection } from './dns-providers-section.js';
import { DnsSubnetSettings } from './dns-subnet-settings.js';

/** /settings/dns (issue 32): DNS providers, a subnet's DNS settings, and Compare with DNS. */
export function DnsPage() {
  const account = useCurrentAccount();
  // Providers and DNS settings are an admin's (the server refuses others, even their reading).
  const isAdmin = useCan().can('admin');
  return (
    <>
      <PageTitle text="DNS" />
      {!account ? (
        <Text c="dimmed">You are not linked to any account.</Text>
      ) : isAdmin ? (
        <Dns accountId={account.id} />
      ) : (
        <Text c="dimmed">{messages.dnsOwnerOnly}</Text>
      )}
    </>
  );
}

function Dns({ accountId }: { accountId: string }) {
  const subnets = useSubnets(accountId);
  const providers = useDnsProviders(accountId);
  const [subnetId, setSubnetId] = useState<string | null>(null);
  const leaves = (subnets.data ?? []).filter((s) => s.kind === 'leaf');
  return (
    <Stack>
      <Text size="sm" c="dimmed" maw={760}>
        When an address gets, changes or loses a hostname, its A/AAAA record and its PTR follow in DNS after
        the change is saved. Set a provider here, then the zones on a subnet (or on a group, for all its
        subnets).{' '}
        <Anchor component={Link} to={paths.ips} size="sm">
          Back to IPs
        </Anchor>
      </Text>
      <DnsProvidersSection accountId={accountId} />
      <Divider />
      <Title order={3}>Subnet</Title>
      <Select
        label="Subnet"
        placeholder="Choose a subnet"
        searchable
        maw={420}
        data={leaves.map((s) => ({
          value: s.id,
          label: `${s.name} (${s.networkIP}/${s.version === 4 ? s.bits : s.prefixLength})`,
        }))}
        value={subnetId}
        onChange={setSubnetId}
      />
      {subnetId && (
        <>
          <DnsSubnetSettings accountId={accountId} subnetId={subnetId} providers={providers.data ?? []} />
          <DnsCompareSection accountId={accountId} subnetId={subnetId} />
        </>
      )}
    </Stack>
  );
}
