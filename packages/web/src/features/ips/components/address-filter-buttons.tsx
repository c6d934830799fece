import { Button } from '@mantine/core';
import type { AddressFilter } from '@ipam/core/address-listing';

interface AddressFilterButtonsProps {
  filter: AddressFilter | null;
  onFilter: (filter: AddressFilter) => void;
  onClear: () => void;
  /** Whether the subnet marks stale addresses (then "Show Stale" is offered). */
  isStaleMarked?: boolean;
}

/**
 * The spec's "Show In Use", "Show Available" and "Clear Filter" buttons, the active one pressed, and
 * "Show Stale" where the subnet marks stale addresses.
 */
export function AddressFilterButtons(props: AddressFilterButtonsProps) {
  const { filter, onFilter, onClear, isStaleMarked = false } = props;
  const filterButton = (value: AddressFilter, label: string) => (
    <Button
      size="xs"
      variant={filter === value ? 'filled' : 'default'}
      aria-pressed={filter === value}
      onClick={() => onFilter(value)}
    >
      {label}
    </Button>
  );
  return (
    <>
      {filterButton('in-use', 'Show In Use')}
      {filterButton('available', 'Show Available')}
      {isStaleMarked && filterButton('stale', 'Show Stale')}
      <Button size="xs" variant="subtle" onClick={onClear}>
        Clear Filter
      </Button>
    </>
  );
}
