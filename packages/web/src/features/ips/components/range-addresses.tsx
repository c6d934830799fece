import { type AddressFilter } from '@ipam/core/address-listing';
import { AddressFilterButtons } from './address-filter-buttons.js';
import { digitGroups } from '@ipam/core/address-ranges';
import { type Address, type Subnet, subnetCidr } from '@ipam/core/api/ipam';
import { formatAddress } from '@ipam/core/ip-address';
import type { Prefix } from '@ipam/core/prefix';
import { MAX_SEARCH_LENGTH } from '@ipam/core/schemas/common-fields';
import { Badge, Button, Group as Row, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { debounce, useQueryStates } from 'nuqs';
import { type FormEvent, useState } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { ipViewParams } from '../../../config/ip-view-url.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCan } from '../../../lib/use-can.js';
import { useAddressRanges } from '../api/address-ranges.js';
import { jumpTarget, rowsOfPages } from '../address-ranges.js';
import { AddressRangeList } from './address-range-list.js';
import { EditAddressModal } from './edit-address-modal.js';
import { NextFreeButton } from './next-free-button.js';
import { ScanNowButton } from './scan-now-button.js';
import { SEARCH_DEBOUNCE_MS, useSearchQuery } from './use-search-query.js';

interface RangeAddressesProps {
  accountId: string;
  subnet: Subnet;
  prefix: Prefix;
  /** Export, Import and Pending Approvals, as the address-by-address view has them. */
  tools: React.ReactNode;
}

/**
 * The IP view of a leaf over 2^24 addresses (an IPv6 /64 to /103): written addresses and free runs,
 * exact counts, Jump to address, the filters, search, Next free and editing as for every subnet.
 */
export function RangeAddresses({ accountId, subnet, prefix, tools }: RangeAddressesProps) {
  const isEditable = useCan().canEditIn(subnet.groupId);
  const [url, setUrl] = useQueryStates(ipViewParams);
  const { filter } = url;
  const q = useSearchQuery(url.q);
  const setSearch = (text: string) =>
    void setUrl({ q: text, at: null }, { limitUrlUpdates: debounce(SEARCH_DEBOUNCE_MS) });
  const setFilter = (next: AddressFilter | null) => {
    if (next !== filter) void setUrl({ filter: next, at: null });
  };
  const clearFilter = () => {
    if (filter !== null || url.q !== '' || url.at !== null) void setUrl({ filter: null, q: null, at: null });
  };
  const jump = url.at ? jumpTarget(prefix, url.at) : null;
  const start = jump && 'cursor' in jump ? jump : null;
  const list = useAddressRanges(accountId, subnet.id, { filter, q }, start?.cursor ?? null);
  const [editing, setEditing] = useState<Address | null>(null);
  const [jumpText, setJumpText] = useState(url.at ?? '');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const head = list.data?.pages[0];
  const rows = list.data ? rowsOfPages(list.data.pages) : [];

  const submitJump = (event: FormEvent) => {
    event.preventDefault();
    const target = jumpTarget(prefix, jumpText);
    if ('error' in target) {
      setJumpError(target.error);
      return;
    }
    setJumpError(null);
    setJumpText(target.address);
    void setUrl({ at: target.address, filter: null, q: null });
  };

  return (
    <>
      <Text size="sm" c="dimmed" mt={-8}>
        {subnetCidr(subnet)} · VLAN {subnet.vlanId}
        {subnet.description ? ` · ${subnet.description}` : ''}
        {head
          ? ` · ${digitGroups(head.listedCount)} addresses, shown as written addresses and free ranges`
          : ''}
      </Text>
      <Row gap="xs" justify="space-between">
        <Row gap="xs">
          {isEditable && subnet.scanningType !== 'none' && (
            <ScanNowButton accountId={accountId} subnetId={subnet.id} />
          )}
          {isEditable && (
            <NextFreeButton accountId={accountId} subnetId={subnet.id} prefix={prefix} onFound={setEditing} />
          )}
          <AddressFilterButtons
            filter={filter}
            onFilter={setFilter}
            onClear={clearFilter}
            isStaleMarked={subnet.staleAfterDays !== null}
          />
        </Row>
        <Row gap="sm">
          {isEditable && tools}
          <Badge
            size="lg"
            variant="light"
            color="gray"
            tt="none"
            data-testid="used-percent"
            title={
              head
                ? `${digitGroups(head.usedCount)} of ${digitGroups(head.listedCount)} addresses`
                : undefined
            }
          >
            {head?.usedPercent ?? '0'}% Used
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
      <form onSubmit={submitJump} noValidate>
        <Row gap="xs" align="flex-start">
          <TextInput
            size="xs"
            aria-label="Jump to address"
            placeholder={`Jump to address, e.g. ${formatAddress(prefix.version, prefix.network + 5n)}`}
            spellCheck={false}
            autoComplete="off"
            value={jumpText}
            error={jumpError}
            onChange={(event) => {
              setJumpText(event.currentTarget.value);
              setJumpError(null);
            }}
            w={320}
          />
          <Button size="xs" type="submit" variant="default" rightSection={<IconArrowRight size={14} />}>
            Jump
          </Button>
          {url.at !== null && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                setJumpText('');
                setJumpError(null);
                void setUrl({ at: null });
              }}
            >
              Back to the start
            </Button>
          )}
        </Row>
      </form>
      {head === undefined ? (
        list.error ? (
          <SectionError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <SectionLoader label="Loading IP addresses..." />
        )
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="md">
          No IP addresses found for your search/filter.
        </Text>
      ) : (
        <>
          <AddressRangeList
            prefix={prefix}
            rows={rows}
            onEdit={isEditable ? setEditing : null}
            jumpedTo={start?.address ?? null}
          />
          <Row gap="sm">
            <Text size="xs" c="dimmed" aria-live="polite">
              {digitGroups(head.total)} address{head.total === '1' ? '' : 'es'}
              {filter || q ? (head.total === '1' ? ' matches' : ' match') : ''}
              {start ? ` · from ${start.address}` : ''}
              {list.error ? ` · ${errorMessage(list.error)}` : ''}
            </Text>
            {list.hasNextPage && (
              <Button
                size="compact-xs"
                variant="default"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Show more rows
              </Button>
            )}
          </Row>
        </>
      )}
      <EditAddressModal
        accountId={accountId}
        subnetId={subnet.id}
        address={editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
