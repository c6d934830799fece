import { counted } from '@ipam/core/plural';
import { MAX_BULK_ADDRESSES } from '@ipam/core/schemas/bulk-address-schemas';

/**
 * The address table's selection: addresses picked one by one or by shift-click ranges, or every
 * address the filter and search match ("all matching", resolved only when a bulk action runs).
 */
export interface AddressSelection {
  addresses: ReadonlySet<string>;
  isAllMatching: boolean;
  /** The row a shift-click range starts from: the last row clicked. */
  anchor: { index: number; ip: string } | null;
}

/** Nothing selected. */
export const NO_SELECTION: AddressSelection = { addresses: new Set(), isAllMatching: false, anchor: null };

/** A plain click: the row is selected or deselected, and becomes the anchor of the next range. */
export function toggleRow(selection: AddressSelection, index: number, ip: string): AddressSelection {
  const addresses = new Set(selection.isAllMatching ? [] : selection.addresses);
  if (addresses.has(ip)) addresses.delete(ip);
  else addresses.add(ip);
  return { addresses, isAllMatching: false, anchor: { index, ip } };
}

/** The rows of a shift-click on row `index`: from the anchor to it, in list order, or null without an anchor. */
export function rangeOf(selection: AddressSelection, index: number): { from: number; to: number } | null {
  if (selection.anchor === null) return null;
  const { index: anchor } = selection.anchor;
  return { from: Math.min(anchor, index), to: Math.max(anchor, index) };
}

/** A shift-click: the range's addresses join the selection; the clicked row becomes the anchor. */
export function addRange(
  selection: AddressSelection,
  ips: readonly string[],
  clicked: { index: number; ip: string },
): AddressSelection {
  const addresses = new Set(selection.isAllMatching ? [] : selection.addresses);
  for (const ip of ips) addresses.add(ip);
  return { addresses, isAllMatching: false, anchor: clicked };
}

/** "Select all matching": every address the filter and search find, however many the screen loaded. */
export function allMatching(): AddressSelection {
  return { addresses: new Set(), isAllMatching: true, anchor: null };
}

/** How many addresses are selected, given how many the filter and search match. */
export function selectedCount(selection: AddressSelection, total: number): number {
  return selection.isAllMatching ? total : selection.addresses.size;
}

/** Whether a row is selected. */
export function isRowSelected(selection: AddressSelection, ip: string): boolean {
  return selection.isAllMatching || selection.addresses.has(ip);
}

/** Why this many addresses cannot go in one bulk change (the API's limit), or null when they can. */
export function bulkLimitProblem(count: number): string | null {
  if (count <= MAX_BULK_ADDRESSES) return null;
  return `${counted(count, 'address', 'addresses')} selected: one bulk change takes at most ${MAX_BULK_ADDRESSES.toLocaleString('en-US')}. Narrow the filter or search, or select fewer.`;
}

/** Why "select all matching" cannot take this many, or null when it can. */
export function allMatchingProblem(total: number): string | null {
  if (total <= MAX_BULK_ADDRESSES) return null;
  return `${counted(total, 'address', 'addresses')} match: one bulk change takes at most ${MAX_BULK_ADDRESSES.toLocaleString('en-US')}. Narrow the filter or search to select them all.`;
}
