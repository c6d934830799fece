import type { DnsProviderView } from '@ipam/core/api/dns';
import { Alert, Button, Group as Row, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSaveSubnetDns, useSubnetDns } from '../api/dns-api.js';

interface Props {
  accountId: string;
  subnetId: string;
  providers: readonly DnsProviderView[];
}

/** A subnet's DNS settings: what is in force (own or inherited from a group), and its own to set or remove. */
export function DnsSubnetSettings({ accountId, subnetId, providers }: Props) {
  const settings = useSubnetDns(accountId, subnetId);
  const save = useSaveSubnetDns(accountId, subnetId);
  const [providerId, setProviderId] = useState<string | null>(null);
  const [forwardZone, setForwardZone] = useState('');
  const [reverseZone, setReverseZone] = useState('');
  const own = settings.data?.own;
  useEffect(() => {
    setProviderId(own?.providerId ?? null);
    setForwardZone(own?.forwardZone ?? '');
    setReverseZone(own?.reverseZone ?? '');
  }, [own?.providerId, own?.forwardZone, own?.reverseZone, subnetId]);

  if (settings.isPending) return <SectionLoader label="Loading DNS settings..." />;
  if (settings.isError)
    return <SectionError error={settings.error} onRetry={() => void settings.refetch()} />;
  const effective = settings.data.effective;
  return (
    <Stack gap="xs">
      <Text size="sm" aria-label="DNS settings in force">
        {effective
          ? `In force: ${effective.providerName}, forward zone ${effective.forwardZone}, reverse zone ${effective.reverseZone ?? '(derived)'} — ${
              effective.inheritedFrom.kind === 'subnet'
                ? 'this subnet’s own'
                : `inherited from group ${effective.inheritedFrom.name}`
            }.`
          : 'No DNS settings: hostnames of this subnet are not sent to DNS.'}
      </Text>
      <Row align="end" gap="sm">
        <Select
          label="Provider"
          placeholder="Choose"
          data={providers.map((p) => ({ value: p.id, label: p.name }))}
          value={providerId}
          onChange={setProviderId}
        />
        <TextInput
          label="Forward zone"
          placeholder="example.com"
          value={forwardZone}
          onChange={(e) => setForwardZone(e.currentTarget.value)}
        />
        <TextInput
          label="Reverse zone"
          placeholder="derived from the subnet"
          value={reverseZone}
          onChange={(e) => setReverseZone(e.currentTarget.value)}
        />
        <Button
          loading={save.isPending}
          disabled={providerId === null}
          onClick={() =>
            providerId &&
            save.mutate({
              providerId,
              forwardZone,
              reverseZone: reverseZone.trim() === '' ? null : reverseZone,
            })
          }
        >
          Save
        </Button>
        {own && (
          <Button variant="subtle" color="red" onClick={() => save.mutate(null)}>
            Remove own settings
          </Button>
        )}
      </Row>
      {save.isError && (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      )}
    </Stack>
  );
}
