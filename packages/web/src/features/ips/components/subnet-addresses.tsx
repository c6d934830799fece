import {
  type AddressFilter,
  type AddressSort,
  listedAddresses,
  usedPercentText,
} from '@ipam/core/address-listing';
import { type Address, type Subnet, subnetCidr, subnetLength } from '@ipam/core/api/ipam';
import { parseAddress } from '@ipam/core/ip-address';
import { prefixOf } from '@ipam/core/prefix';
import { MAX_SEARCH_LENGTH } from '@ipam/core/schemas/common-fields';
import { Badge, Group as Row, SegmentedControl, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { debounce, useQueryStates } from 'nuqs';
import { useCallback, useEffect, useState } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { ExportMenu } from '../../../components/table-files/export-menu.js';
import { ipViewParams } from '../../../config/ip-view-url.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCan } from '../../../lib/use-can.js';
import { type AddressListFilter, firstListedAddress } from '../address-paging.js';
import { type BulkAction } from '../bulk-actions.js';
import { nextTableSort, tableSortOf } from '../table-sort.js';
import { AddressFilterButtons } from './address-filter-buttons.js';
import { AddressBulkBar } from './address-bulk-bar.js';
import { AddressTable } from './address-table.js';
import { BulkChangeModal } from './bulk-change-modal.js';
import { EditAddressModal } from './edit-address-modal.js';
import { NextFreeButton } from './next-free-button.js';
import {
  AddressImportButton,
  addressExportChoices,
  ApprovalsDialog,
  PendingApprovalsButton,
  useApprovalsDialog,
} from './subnet-tools.js';
import { ScanStatus } from './scan-history.js';
import { ScanNowButton } from './scan-now-button.js';
import { SubnetWarningList } from './subnet-warning-list.js';
import { useAddressSelection } from './use-address-selection.js';
import { useAddressWindow } from './use-address-window.js';
import { useDiscoveryColumns } from './use-discovery-columns.js';
import { useTableDensity } from './use-table-density.js';
import { SEARCH_DEBOUNCE_MS, useSearchQuery } from './use-search-query.js';

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

/**
 * A subnet listed address by address (up to 2^24 of them): filters, search, Next free, approvals, use,
 * export and import, the address table with its sorting, selection and bulk changes, and editing.
 */
export function SubnetAddresses({
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
  const [isDiscoveryShown, setDiscoveryShown] = useDiscoveryColumns();
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
  const isEditable = useCan().canEditIn(subnet.groupId);

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
      {subnet.scanningType !== 'none' && <ScanStatus accountId={accountId} subnetId={subnet.id} />}
      <Row gap="xs" justify="space-between">
        <Row gap="xs">
          {isEditable && subnet.scanningType !== 'none' && (
            <ScanNowButton accountId={accountId} subnetId={subnet.id} />
          )}
          {isEditable && (
            <NextFreeButton
              accountId={accountId}
              subnetId={subnet.id}
              prefix={subnetPrefix}
              onFound={setEditing}
            />
          )}
          <AddressFilterButtons
            filter={filter}
            onFilter={setFilter}
            onClear={clearFilter}
            isStaleMarked={subnet.staleAfterDays !== null}
          />
          {isEditable && (
            <PendingApprovalsButton
              count={approvalsDialog.pending.length}
              onClick={() => setApprovalsOpen(true)}
            />
          )}
        </Row>
        <Row gap="sm">
          {subnetPrefix && <SubnetWarningList prefix={subnetPrefix} usedAddresses={rows.usedCount ?? 0} />}
          <ExportMenu choices={exportChoices} />
          {isEditable && <AddressImportButton accountId={accountId} subnet={subnet} />}
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
          {filter === 'stale' && !q
            ? `No stale addresses: every address a scanner found was seen within the last ${subnet.staleAfterDays ?? 0} days.`
            : 'No IP addresses found for your search/filter.'}
        </Text>
      ) : (
        <>
          {isEditable && (
            <AddressBulkBar
              count={selecting.count}
              isAllMatching={selecting.selection.isAllMatching}
              notice={selecting.notice}
              onAction={setBulkAction}
              onDeselect={selecting.clear}
            />
          )}
          <AddressTable
            key={viewKey}
            rows={rows}
            currentIndex={atIndex}
            anycastAddress={subnet.version === 6 ? subnet.networkIP : null}
            total={rows.total}
            onEdit={isEditable ? setEditing : null}
            onWantedRows={onWantedRows}
            density={density}
            isDiscoveryShown={isDiscoveryShown}
            sort={sort}
            onSort={setSort}
            selection={selecting.selection}
            onToggleRow={selecting.toggle}
            onToggleAll={selecting.toggleAll}
            staleAfterDays={subnet.staleAfterDays}
          />
          <Row justify="space-between" gap="xs">
            <Text size="xs" c="dimmed" aria-live="polite">
              {rows.total.toLocaleString()} address{rows.total === 1 ? '' : 'es'}
              {filter || q ? (rows.total === 1 ? ' matches' : ' match') : ''}
              {rows.error ? ` · ${errorMessage(rows.error)}` : ''}
            </Text>
            <Switch
              size="xs"
              label="MAC and last seen"
              checked={isDiscoveryShown}
              onChange={(event) => setDiscoveryShown(event.currentTarget.checked)}
              ml="auto"
            />
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
