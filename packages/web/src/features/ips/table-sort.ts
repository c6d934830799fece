import type { AddressSort, SortOrder } from '@ipam/core/address-listing';

/** The address table's order: a column and a direction (address order is ascending only). */
export interface TableSort {
  sort: AddressSort;
  order: SortOrder;
}

/** The order the URL holds, filled in: absent is address order; a column without a direction ascends. */
export function tableSortOf(sort: AddressSort | null, order: SortOrder | null): TableSort {
  if (sort === null || sort === 'address') return { sort: 'address', order: 'asc' };
  return { sort, order: order ?? 'asc' };
}

/**
 * The order after a click on a column's header: the same column turns around; another column starts
 * ascending, except Updated, which starts with the newest. The address column goes back to address
 * order, which only ascends.
 */
export function nextTableSort(current: TableSort, column: AddressSort): TableSort {
  if (column === 'address') return { sort: 'address', order: 'asc' };
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: column === 'updated' ? 'desc' : 'asc' };
}
