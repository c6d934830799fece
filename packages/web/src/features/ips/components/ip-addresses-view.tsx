import {
  type AddressFilter,
  type AddressSort,
  listedAddresses,
  usedPercentText,
} from '@ipam/core/address-listing';
import { type Address, type Subnet, subnetCidr, subnetLength, type Vrf } from '@ipam/core/api/ipam';
import { parseAddress } from '@ipam/core/ip-address';
import { prefixOf } from '@ipam/core/prefix';
import { MAX_SEARCH_LENGTH } from '@ipam/core/schemas/common-fields';
import {
  ActionIcon,
  Badge,
  Button,
  Group as Row,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconHistory, IconPencil, IconSearch } from '@tabler/icons-react';
import { debounce, useQueryStates } from 'nuqs';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { historyPath } from '../../../config/history-url.js';
import { ipViewParams } from '../../../config/ip-view-url.js';
import { errorMessage } from '../../../lib/api-client.js';
import { type AddressListFilter, firstListedAddress } from '../address-paging.js';
import { ExportMenu } from '../../../components/table-files/export-menu.js';
import { isListedAsRanges } from '@ipam/core/address-ranges';
import { type BulkAction } from '../bulk-actions.js';
import { nextTableSort, tableSortOf } from '../table-sort.js';
import { AddressBulkBar } from './address-bulk-bar.js';
import { AddressTable } from './address-table.js';
import { BulkChangeModal } from './bulk-change-modal.js';
import { EditAddressModal } from './edit-address-modal.js';
import { NextFreeButton } from './next-free-button.js';
import { RangeAddresses } from './range-addresses.js';
import {
  AddressImportButton,
  addressExportChoices,
  ApprovalsDialog,
  PendingApprovalsButton,
  RangeSubnetTools,
  useApprovalsDialog,
} from './subnet-tools.js';
import { ScanNowButton } from './scan-now-button.js';
import { SubnetWarningList } from './subnet-warning-list.js';
import { useAddressSelection } from './use-address-selection.js';
import { useAddressWindow } from './use-address-window.js';
import { useTableDensity } from './use-table-density.js';
import { SEARCH_DEBOUNCE_MS, useSearchQuery } from './use-search-query.js';

interface IpAddressesViewProps {
  accountId: string;
  subnet: Subnet | null;
  /** The subnet's VRF, named under the title when it is not Global. */
  vrf?: Vrf;
  onEditSubnet: () => void;
}

/** The IP Addresses view (spec §2): title, Scan Now, filters, approvals, use, search and the table. */
export function IpAddressesView({ accountId, subnet, vrf, onEditSubnet }: IpAddressesViewProps) {
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

/**
 * The row of `?at=` (an address the view opens at) in the unfiltered list, or null when it is not
 * one of the subnet's listed addresses.
 */
function rowOfAddress(subnet: Subnet, at: string | null): number | null {
  if (!at) return null;
  const parsed = parseAddress(at.trim());
  const first = firstListedAddress(subnet.networkIP, subnetLength(subnet));
  if (!parsed || !first || parsed.version !== first.version || parsed.value < first.value) return null;
  const { last } = listedAddresses(prefixOf(parsed.version, parsed.value, subnetLength(subnet)));
  return parsed.value > last ? null : Number(parsed.value - first.value);
}

function SubnetAddresses({
  accountId,
  subnet,
  vrfName,
}: {
  accountId: string;
  subnet: Subnet;
  vrfName: string | null;
}) {
  // Filter, search and the address opened at live in the URL, so a view can be shared. Only the
  // user's own changes write it (Back and links only read it); they replace the history entry and
  // leave the address the view was opened at.
  const [url, setUrl] = useQueryStates(ipViewParams);
  const { filter } = url;
  // The box shows the typed text at once; the URL follows once typing pauses, the list the same way.
  const q = useSearchQuery(url.q);
  const setSearch = (text: string) =>
    void setUrl({ q: text, at: null }, { limitUrlUpdates: debounce(SEARCH_DEBOUNCE_MS) });
  const setFilter = (next: AddressFilter | null) => {
    if (next !== filter) void setUrl({ filter: next, at: null });
  };
  const clearFilter = () => {
    if (filter !== null || url.q !== '') void setUrl({ filter: null, q: null, at: null });
  };
  const sort = tableSortOf(url.sort, url.order);
  const setSort = (column: AddressSort) => {
    const next = nextTableSort(sort, column);
    const isAddressOrder = next.sort === 'address';
    void setUrl({
      sort: isAddressOrder ? null : next.sort,
      order: isAddressOrder ? null : next.order,
      at: null,
    });
  };
  const listFilter: AddressListFilter = { filter, q, ...(sort.sort === 'address' ? {} : sort) };
  const network = parseAddress(subnet.networkIP);
  const subnetPrefix = network ? prefixOf(network.version, network.value, subnetLength(subnet)) : null;
  const viewKey = `${filter ?? ''}|${q}|${sort.sort}|${sort.order}`;
  const isAddressOrder = filter === null && q === '' && sort.sort === 'address';
  const atIndex = isAddressOrder ? rowOfAddress(subnet, url.at) : null;
  const [wanted, setWanted] = useState<{ viewKey: string; rows: { first: number; last: number } } | null>(
    null,
  );
  const rows = useAddressWindow({
    accountId,
    subnet,
    listFilter,
    rows: wanted?.viewKey === viewKey ? wanted.rows : null,
  });
  const onWantedRows = useCallback(
    (next: { first: number; last: number }) => setWanted({ viewKey, rows: next }),
    [viewKey],
  );
  const [editing, setEditing] = useState<Address | null>(null);
  const [density, setDensity] = useTableDensity();
  const selecting = useAddressSelection({
    accountId,
    subnetId: subnet.id,
    view: listFilter,
    rows,
    total: rows.total ?? 0,
  });
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const approvalsDialog = useApprovalsDialog(accountId, subnet.id);
  const { approvals, setOpen: setApprovalsOpen } = approvalsDialog;
  const exportChoices = addressExportChoices(accountId, subnet);

  // `?approvals=open` (the Dashboard's Review link) opens Pending Approvals once, then leaves the URL.
  const wantsApprovals = url.approvals === 'open';
  useEffect(() => {
    if (!wantsApprovals || approvals.data === undefined) return;
    if (approvals.data.length > 0) setApprovalsOpen(true);
    void setUrl({ approvals: null });
  }, [wantsApprovals, approvals.data, setUrl, setApprovalsOpen]);

  return (
    <>
      <Text size="sm" c="dimmed" mt={-8}>
        {subnetCidr(subnet)}
        {vrfName ? ` · VRF ${vrfName}` : ''} · VLAN {subnet.vlanId}
        {subnet.description ? ` · ${subnet.description}` : ''}
      </Text>
      <Row gap="xs" justify="space-between">
        <Row gap="xs">
          {subnet.scanningType !== 'none' && <ScanNowButton accountId={accountId} subnetId={subnet.id} />}
          <NextFreeButton
            accountId={accountId}
            subnetId={subnet.id}
            prefix={subnetPrefix}
            onFound={setEditing}
          />
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
          <Button size="xs" variant="subtle" onClick={clearFilter}>
            Clear Filter
          </Button>
          <PendingApprovalsButton
            count={approvalsDialog.pending.length}
            onClick={() => setApprovalsOpen(true)}
          />
        </Row>
        <Row gap="sm">
          {subnetPrefix && <SubnetWarningList prefix={subnetPrefix} usedAddresses={rows.usedCount ?? 0} />}
          <ExportMenu choices={exportChoices} />
          <AddressImportButton accountId={accountId} subnet={subnet} />
          <Badge size="lg" variant="light" color="gray" tt="none" data-testid="used-percent">
            {usedPercentText(rows.usedPercent ?? 0, rows.usedCount ?? 0)} Used
          </Badge>
          <TextInput
            size="xs"
            placeholder="Search IPs..."
            maxLength={MAX_SEARCH_LENGTH}
            aria-label="Search IPs"
            leftSection={<IconSearch size={14} />}
            value={url.q}
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
          <AddressBulkBar
            count={selecting.count}
            isAllMatching={selecting.selection.isAllMatching}
            notice={selecting.notice}
            onAction={setBulkAction}
            onDeselect={selecting.clear}
          />
          <AddressTable
            key={viewKey}
            rows={rows}
            currentIndex={atIndex}
            anycastAddress={subnet.version === 6 ? subnet.networkIP : null}
            total={rows.total}
            onEdit={setEditing}
            onWantedRows={onWantedRows}
            density={density}
            sort={sort}
            onSort={setSort}
            selection={selecting.selection}
            onToggleRow={selecting.toggle}
            onToggleAll={selecting.toggleAll}
          />
          <Row justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" aria-live="polite">
              {rows.total.toLocaleString()} address{rows.total === 1 ? '' : 'es'}
              {filter || q ? (rows.total === 1 ? ' matches' : ' match') : ''}
              {rows.error ? ` · ${errorMessage(rows.error)}` : ''}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label="Row density"
              value={density}
              onChange={(value) => setDensity(value === 'compact' ? 'compact' : 'comfortable')}
              data={[
                { value: 'comfortable', label: 'Comfortable' },
                { value: 'compact', label: 'Compact' },
              ]}
            />
          </Row>
        </>
      )}
      <EditAddressModal
        accountId={accountId}
        subnetId={subnet.id}
        address={editing}
        onClose={() => setEditing(null)}
      />
      <ApprovalsDialog accountId={accountId} subnetId={subnet.id} dialog={approvalsDialog} />
      <BulkChangeModal
        accountId={accountId}
        subnetId={subnet.id}
        action={bulkAction}
        selection={selecting.selection}
        total={rows.total ?? 0}
        view={listFilter}
        onClose={() => setBulkAction(null)}
        onDone={selecting.clear}
      />
    </>
  );
}
