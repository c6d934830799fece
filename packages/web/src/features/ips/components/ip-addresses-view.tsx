import type { AddressFilter } from '@ipam/core/address-listing';
import { type Address, type Subnet, subnetCidr } from '@ipam/core/api/ipam';
import { MAX_SEARCH_LENGTH } from '@ipam/core/schemas/common-fields';
import {
  ActionIcon,
  Badge,
  Button,
  Group as Row,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useApprovals } from '../api/approvals.js';
import type { AddressView } from '../address-paging.js';
import { ExportMenu } from '../../../components/table-files/export-menu.js';
import { ImportDialog } from '../../../components/table-files/import-dialog.js';
import { ADDRESS_COLUMNS, canExportEveryAddress } from '@ipam/core/table-files';
import { AddressTable } from './address-table.js';
import { EditAddressModal } from './edit-address-modal.js';
import { PendingApprovalsModal } from './pending-approvals-modal.js';
import { ScanNowButton } from './scan-now-button.js';
import { useAddressWindow } from './use-address-window.js';
import { useSearchQuery } from './use-search-query.js';

interface IpAddressesViewProps {
  accountId: string;
  subnet: Subnet | null;
  onEditSubnet: () => void;
}

/** The IP Addresses view (spec §2): title, Scan Now, filters, approvals, use, search and the table. */
export function IpAddressesView({ accountId, subnet, onEditSubnet }: IpAddressesViewProps) {
  return (
    <Stack gap="sm">
      <Row gap="xs" wrap="nowrap">
        <Title order={2} fz="h3">
          IP Addresses for Subnet: {subnet ? subnet.name : '(None Selected)'}
        </Title>
        {subnet && (
          <Tooltip label="Edit Subnet" withArrow>
            <ActionIcon variant="subtle" aria-label={`Edit subnet ${subnet.name}`} onClick={onEditSubnet}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Row>
      {subnet ? (
        <SubnetAddresses key={subnet.id} accountId={accountId} subnet={subnet} />
      ) : (
        <Text c="dimmed">Please select a subnet to view its IP addresses.</Text>
      )}
    </Stack>
  );
}

function SubnetAddresses({ accountId, subnet }: { accountId: string; subnet: Subnet }) {
  const [filter, setFilter] = useState<AddressFilter | null>(null);
  const [search, setSearch] = useState('');
  const q = useSearchQuery(search);
  const view: AddressView = { filter, q };
  const viewKey = `${filter ?? ''}|${q}`;
  const [wanted, setWanted] = useState<{ viewKey: string; rows: { first: number; last: number } } | null>(
    null,
  );
  const rows = useAddressWindow({
    accountId,
    subnet,
    view,
    rows: wanted?.viewKey === viewKey ? wanted.rows : null,
  });
  const onWantedRows = useCallback(
    (next: { first: number; last: number }) => setWanted({ viewKey, rows: next }),
    [viewKey],
  );
  const [editing, setEditing] = useState<Address | null>(null);
  const approvals = useApprovals(accountId, subnet.id);
  const [isApprovalsOpen, setApprovalsOpen] = useState(false);
  const pending = approvals.data ?? [];
  const [isImportOpen, setImportOpen] = useState(false);
  const addressesPath = `/api/accounts/${accountId}/subnets/${subnet.id}/addresses`;
  const length = subnet.version === 4 ? subnet.bits : subnet.prefixLength;
  const allRefusal = canExportEveryAddress({ version: subnet.version, length })
    ? undefined
    : 'Every address can be exported for subnets up to a /16.';
  const exportChoices = [
    { label: 'Written addresses (CSV)', href: `${addressesPath}/export?format=csv&all=false` },
    { label: 'Written addresses (XLSX)', href: `${addressesPath}/export?format=xlsx&all=false` },
    {
      label: 'Every address (CSV)',
      href: `${addressesPath}/export?format=csv&all=true`,
      disabledReason: allRefusal,
    },
    {
      label: 'Every address (XLSX)',
      href: `${addressesPath}/export?format=xlsx&all=true`,
      disabledReason: allRefusal,
    },
  ];

  useEffect(() => {
    if (isApprovalsOpen && approvals.data?.length === 0) setApprovalsOpen(false);
  }, [isApprovalsOpen, approvals.data]);

  return (
    <>
      <Text size="sm" c="dimmed" mt={-8}>
        {subnetCidr(subnet)} · VLAN {subnet.vlanId}
        {subnet.description ? ` · ${subnet.description}` : ''}
      </Text>
      <Row gap="xs" justify="space-between">
        <Row gap="xs">
          {subnet.scanningType !== 'none' && <ScanNowButton accountId={accountId} subnetId={subnet.id} />}
          <Button
            size="xs"
            variant={filter === 'in-use' ? 'filled' : 'default'}
            aria-pressed={filter === 'in-use'}
            onClick={() => setFilter('in-use')}
          >
            Show In Use
          </Button>
          <Button
            size="xs"
            variant={filter === 'available' ? 'filled' : 'default'}
            aria-pressed={filter === 'available'}
            onClick={() => setFilter('available')}
          >
            Show Available
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              setFilter(null);
              setSearch('');
            }}
          >
            Clear Filter
          </Button>
          {pending.length > 0 && (
            <Button
              size="xs"
              color="orange"
              rightSection={
                <Badge size="xs" color="orange" variant="white">
                  {pending.length}
                </Badge>
              }
              onClick={() => setApprovalsOpen(true)}
            >
              Pending Approvals
            </Button>
          )}
        </Row>
        <Row gap="sm">
          <ExportMenu choices={exportChoices} />
          <Button size="xs" variant="default" onClick={() => setImportOpen(true)}>
            Import
          </Button>
          <Badge size="lg" variant="light" color="gray" tt="none" data-testid="used-percent">
            {rows.usedPercent ?? 0}% Used
          </Badge>
          <TextInput
            size="xs"
            placeholder="Search IPs..."
            maxLength={MAX_SEARCH_LENGTH}
            aria-label="Search IPs"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={200}
          />
        </Row>
      </Row>
      {rows.total === undefined ? (
        rows.error ? (
          <SectionError error={rows.error} onRetry={rows.refetch} />
        ) : (
          <SectionLoader label="Loading IP addresses..." />
        )
      ) : rows.total === 0 ? (
        <Text c="dimmed" py="md">
          No IP addresses found for your search/filter.
        </Text>
      ) : (
        <>
          <AddressTable
            key={viewKey}
            rows={rows}
            total={rows.total}
            onEdit={setEditing}
            onWantedRows={onWantedRows}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {rows.total.toLocaleString()} address{rows.total === 1 ? '' : 'es'}
            {filter || q ? (rows.total === 1 ? ' matches' : ' match') : ''}
            {rows.error ? ` · ${errorMessage(rows.error)}` : ''}
          </Text>
        </>
      )}
      <EditAddressModal
        accountId={accountId}
        subnetId={subnet.id}
        address={editing}
        onClose={() => setEditing(null)}
      />
      <ImportDialog
        title={`Import addresses into ${subnet.name}`}
        columns={ADDRESS_COLUMNS}
        path={`${addressesPath}/import`}
        opened={isImportOpen}
        onClose={() => setImportOpen(false)}
      />
      <PendingApprovalsModal
        accountId={accountId}
        subnetId={subnet.id}
        approvals={pending}
        opened={isApprovalsOpen}
        onClose={() => setApprovalsOpen(false)}
      />
    </>
  );
}
