import { useCan } from '../../../lib/use-can.js';
import { isListedAsRanges } from '@ipam/core/address-ranges';
import { type Subnet, subnetLength, type Vrf } from '@ipam/core/api/ipam';
import { parseAddress } from '@ipam/core/ip-address';
import { prefixOf } from '@ipam/core/prefix';
import { ActionIcon, Button, Group as Row, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconHistory, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { historyPath } from '../../../config/history-url.js';
import { RangeAddresses } from './range-addresses.js';
import { SubnetAddresses } from './subnet-addresses.js';
import { RangeSubnetTools } from './subnet-tools.js';

interface IpAddressesViewProps {
  accountId: string;
  subnet: Subnet | null;
  /** The subnet's VRF, named under the title when it is not Global. */
  vrf?: Vrf;
  onEditSubnet: () => void;
}

/** The IP Addresses view (spec §2): title, Scan Now, filters, approvals, use, search and the table. */
export function IpAddressesView({ accountId, subnet, vrf, onEditSubnet }: IpAddressesViewProps) {
  const { canEditIn } = useCan();
  return (
    <Stack gap="sm">
      <Row gap="xs" wrap="nowrap">
        <Title order={2} fz="h3">
          IP Addresses for Subnet: {subnet ? subnet.name : '(None Selected)'}
        </Title>
        {subnet && canEditIn(subnet.groupId) && (
          <Tooltip label="Edit Subnet" withArrow>
            <ActionIcon variant="subtle" aria-label={`Edit subnet ${subnet.name}`} onClick={onEditSubnet}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {subnet && (
          <Button
            component={Link}
            to={historyPath({ subnetId: subnet.id })}
            size="xs"
            variant="default"
            leftSection={<IconHistory size={14} />}
            ml="auto"
          >
            History
          </Button>
        )}
      </Row>
      {subnet ? (
        <SubnetAddressesOf
          key={subnet.id}
          accountId={accountId}
          subnet={subnet}
          vrfName={vrf && !vrf.isDefault ? vrf.name : null}
        />
      ) : (
        <Text c="dimmed">Please select a subnet to view its IP addresses.</Text>
      )}
    </Stack>
  );
}

/** The subnet's addresses: address by address up to 2^24 of them, as written rows and free ranges above. */
function SubnetAddressesOf({
  accountId,
  subnet,
  vrfName,
}: {
  accountId: string;
  subnet: Subnet;
  vrfName: string | null;
}) {
  const network = parseAddress(subnet.networkIP);
  const prefix = network ? prefixOf(network.version, network.value, subnetLength(subnet)) : null;
  if (prefix && isListedAsRanges(prefix)) {
    return (
      <RangeAddresses
        accountId={accountId}
        subnet={subnet}
        prefix={prefix}
        tools={<RangeSubnetTools accountId={accountId} subnet={subnet} />}
      />
    );
  }
  return <SubnetAddresses accountId={accountId} subnet={subnet} vrfName={vrfName} />;
}
