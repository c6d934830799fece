import type { Address } from '@ipam/core/api/ipam';
import { counted } from '@ipam/core/plural';
import { MAX_BULK_ADDRESSES } from '@ipam/core/schemas/bulk-address-schemas';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { fetchAddressesAfter } from '../api/addresses.js';
import type { AddressListFilter } from '../address-paging.js';
import {
  addRange,
  allMatching,
  allMatchingProblem,
  type AddressSelection,
  NO_SELECTION,
  rangeOf,
  selectedCount,
  toggleRow,
} from '../address-selection.js';
import type { AddressWindow } from './use-address-window.js';

interface SelectionRequest {
  accountId: string;
  subnetId: string;
  /** The list in view: a new filter or search starts a new selection, a new order a new range anchor. */
  view: AddressListFilter;
  rows: AddressWindow;
  total: number;
}

/**
 * The address table's selection and what changes it: a click ticks one row, a Shift-click the rows
 * from the last one clicked (rows the screen has not loaded are read from the server, in the list's
 * order), the header ticks every matching address or clears. `notice` says why a request selected
 * nothing (more than one bulk change takes, or a failed read).
 */
export function useAddressSelection({ accountId, subnetId, view, rows, total }: SelectionRequest) {
  const listKey = `${view.filter ?? ''}|${view.q}`;
  const orderKey = `${view.sort ?? ''}|${view.order ?? ''}`;
  const [state, setState] = useState({
    listKey,
    orderKey,
    selection: NO_SELECTION,
    notice: null as string | null,
  });
  // Another filter or search lists other addresses: the selection starts over. Another order keeps the
  // addresses, but row numbers change: the next Shift-click has no row to start from.
  if (state.listKey !== listKey || state.orderKey !== orderKey) {
    // Adjusted while rendering (React re-renders at once), so going back to a filter never brings
    // back its old selection.
    setState(
      state.listKey !== listKey
        ? { listKey, orderKey, selection: NO_SELECTION, notice: null }
        : { ...state, orderKey, selection: { ...state.selection, anchor: null } },
    );
  }
  const { selection, notice } = state.listKey === listKey ? state : { selection: NO_SELECTION, notice: null };
  const update = (next: AddressSelection, nextNotice: string | null = null) =>
    setState({ listKey, orderKey, selection: next, notice: nextNotice });

  const toggle = async (index: number, address: Address, isRange: boolean) => {
    const range = isRange ? rangeOf(selection, index) : null;
    if (range === null) {
      update(toggleRow(selection, index, address.ipAddress));
      return;
    }
    const size = range.to - range.from + 1;
    if (size > MAX_BULK_ADDRESSES) {
      update(
        selection,
        `A range of ${counted(size, 'row')} is more than one bulk change takes (${MAX_BULK_ADDRESSES.toLocaleString('en-US')}).`,
      );
      return;
    }
    const clicked = { index, ip: address.ipAddress };
    const loaded: string[] = [];
    for (let row = range.from; row <= range.to; row++) {
      const ip = rows.rowAt(row)?.ipAddress;
      if (ip === undefined) break;
      loaded.push(ip);
    }
    if (loaded.length === size) {
      update(addRange(selection, loaded, clicked));
      return;
    }
    // Rows scrolled past and dropped from the screen: read the range after its first row.
    const firstIp = range.from === index ? address.ipAddress : (selection.anchor?.ip ?? address.ipAddress);
    try {
      const rest = await fetchAddressesAfter(accountId, subnetId, view, firstIp, size - 1);
      update(addRange(selection, [firstIp, ...rest], clicked));
    } catch (error) {
      update(selection, errorMessage(error));
    }
  };

  const toggleAll = () => {
    if (selectedCount(selection, total) > 0) update(NO_SELECTION);
    else {
      const problem = allMatchingProblem(total);
      update(problem === null ? allMatching() : NO_SELECTION, problem);
    }
  };

  return {
    selection,
    notice,
    count: selectedCount(selection, total),
    toggle: (index: number, address: Address, isRange: boolean) => void toggle(index, address, isRange),
    toggleAll,
    clear: () => update(NO_SELECTION),
  };
}
