import type { Account } from '@ipam/core/api/account';
import type { SearchSubnet } from '@ipam/core/api/search';
import { counted } from '@ipam/core/plural';
import { MAX_SEARCH_LENGTH } from '@ipam/core/schemas/common-fields';
import { DEFAULT_VRF_NAME } from '@ipam/core/schemas/vrf-schemas';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Card,
  Group as Row,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { ipViewPath } from '../../../config/ip-view-url.js';
import { searchPath } from '../../../config/paths.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useVrfs } from '../../../lib/vrfs/get-vrfs.js';
import { useAccountSearch } from '../api/search.js';
import { ExactMatch } from './exact-match.js';
import { statusColor } from './status-color.js';

/** /search?q=: what the top bar's search found, per subnet; each address opens its subnet there. */
export function SearchPage() {
  const account = useCurrentAccount();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  if (!account) {
    return (
      <>
        <PageTitle text="Search" />
        <Text c="dimmed">You are not linked to any account.</Text>
      </>
    );
  }
  return <SearchResults account={account} q={q} />;
}

/** The page's own search box, for phones, whose top bar has only a search icon. */
function PhoneSearchForm({ q }: { q: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  return (
    <Box hiddenFrom="sm" mb="md">
      <form
        role="search"
        aria-label="Search all subnets"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '') void navigate(searchPath(text.trim()));
        }}
      >
        <TextInput
          type="search"
          aria-label="Search for"
          placeholder="Address, hostname, description or subnet"
          maxLength={MAX_SEARCH_LENGTH}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </form>
    </Box>
  );
}

/** "All VRFs" or one VRF, kept in the URL (`vrf=`); shown only when the account has more than Global. */
function VrfFilter({ accountId }: { accountId: string }) {
  const vrfs = useVrfs(accountId);
  const [params, setParams] = useSearchParams();
  if (!vrfs.data || vrfs.data.length < 2) return null;
  return (
    <Select
      label="VRF"
      w={240}
      mb="md"
      allowDeselect={false}
      value={params.get('vrf') ?? ''}
      data={[
        { value: '', label: 'All VRFs' },
        ...vrfs.data.map((vrf) => ({ value: vrf.id, label: vrf.name })),
      ]}
      onChange={(value) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          if (value) next.set('vrf', value);
          else next.delete('vrf');
          return next;
        })
      }
    />
  );
}

function SearchResults({ account, q }: { account: Account; q: string }) {
  const [params] = useSearchParams();
  const search = useAccountSearch(account.id, q, params.get('vrf') ?? '');
  const title = q === '' ? 'Search' : `Search: ${q}`;
  if (q === '') {
    return (
      <>
        <PageTitle text={title} />
        <PhoneSearchForm q={q} />
        <Text c="dimmed">
          Type an address, hostname, description or subnet name in the search box at the top (press /).
        </Text>
      </>
    );
  }
  if (search.isError) {
    return (
      <>
        <PageTitle text={title} />
        <SectionError error={search.error} onRetry={() => void search.refetch()} />
      </>
    );
  }
  const result = search.data;
  if (!result) {
    return (
      <>
        <PageTitle text={title} />
        <SectionLoader label="Searching..." />
      </>
    );
  }
  const addressCount = result.subnets.reduce((sum, subnet) => sum + subnet.addressTotal, 0);
  return (
    <>
      <PageTitle text={title} />
      <PhoneSearchForm key={q} q={q} />
      <VrfFilter accountId={account.id} />
      <Stack gap="md" aria-busy={search.isFetching}>
        {result.exactMatches.map((match) => (
          <ExactMatch key={match.subnetId} match={match} />
        ))}
        <Text c="dimmed" aria-live="polite">
          {result.subnets.length === 0
            ? `No subnets or addresses match “${result.q}”.`
            : `${counted(addressCount, 'matching address', 'matching addresses')} in ${counted(result.subnets.length, 'subnet')}.`}
        </Text>
        {result.isTruncated && (
          <Alert color="blue" variant="light">
            Not every match is listed here. Open a subnet to see all of its matches, or search for something
            more precise.
          </Alert>
        )}
        {result.subnets.map((subnet) => (
          <SubnetResult key={subnet.id} subnet={subnet} q={result.q} />
        ))}
      </Stack>
    </>
  );
}

function SubnetResult({ subnet, q }: { subnet: SearchSubnet; q: string }) {
  const hidden = subnet.addressTotal - subnet.addresses.length;
  return (
    <Card withBorder padding="sm" component="section" aria-label={`Subnet ${subnet.name}`}>
      <Row justify="space-between" mb={subnet.addresses.length > 0 ? 'xs' : 0}>
        <Row gap="xs">
          <Anchor component={Link} to={ipViewPath({ subnet: subnet.id })} fw={600}>
            {subnet.name}
          </Anchor>
          <Text size="sm" c="dimmed" ff="monospace">
            {subnet.cidr}
          </Text>
          {subnet.vrfName !== DEFAULT_VRF_NAME && (
            <Badge size="sm" variant="outline" color="gray" tt="none">
              {`VRF ${subnet.vrfName}`}
            </Badge>
          )}
          {subnet.kind === 'container' && (
            <Badge size="sm" variant="outline" color="gray" tt="none">
              Container
            </Badge>
          )}
          {subnet.isSubnetMatch && (
            <Badge size="sm" variant="light" tt="none">
              Subnet matches
            </Badge>
          )}
        </Row>
        {subnet.addressTotal > 0 && (
          <Text size="sm" c="dimmed">
            {counted(subnet.addressTotal, 'matching address', 'matching addresses')}
          </Text>
        )}
      </Row>
      {subnet.description && (
        <Text size="sm" c="dimmed" mb="xs">
          {subnet.description}
        </Text>
      )}
      {subnet.addresses.length > 0 && (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table striped highlightOnHover verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>IP Address</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Hostname</Table.Th>
                <Table.Th>Description</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subnet.addresses.map((address) => (
                <Table.Tr key={address.ipAddress}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={ipViewPath({ subnet: subnet.id, at: address.ipAddress })}
                      ff="monospace"
                      aria-label={`Open ${address.ipAddress} in ${subnet.name}`}
                    >
                      {address.ipAddress}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={statusColor[address.status]} tt="none">
                      {address.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{address.hostname}</Table.Td>
                  <Table.Td>{address.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {hidden > 0 && (
        <Anchor component={Link} to={ipViewPath({ subnet: subnet.id, q })} size="sm" mt="xs" display="block">
          {`${counted(hidden, 'more match', 'more matches')}: open ${subnet.name} searched for “${q}”`}
        </Anchor>
      )}
    </Card>
  );
}
