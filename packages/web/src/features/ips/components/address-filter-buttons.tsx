import { Button } from '@mantine/core';
import type { AddressFilter } from '@ipam/core/address-listing';

interface AddressFilterButtonsProps {
  filter: AddressFilter | null;
  onFilter: (filter: AddressFilter) => void;
  onClear: () => void;
}

/** The spec's "Show In Use", "Show Available" and "Clear Filter" buttons, the active one pressed. */
export function AddressFilterButtons({ filter, onFilter, onClear }: AddressFilterButtonsProps) {
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
      <Button size="xs" variant="subtle" onClick={onClear}>
        Clear Filter
      </Button>
    </>
  );
}
