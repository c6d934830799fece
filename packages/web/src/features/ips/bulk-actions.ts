import { counted } from '@ipam/core/plural';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import type { BulkAddressInput } from '@ipam/core/schemas/bulk-address-schemas';

/** What a bulk action of the address table does (the bulk route's "set" and "clear"). */
export type BulkAction =
  | { kind: 'status'; status: AddressStatus }
  | { kind: 'description' }
  | { kind: 'scanner'; isAllowed: boolean }
  | { kind: 'clear' };

/** The route's body for an action on these addresses (`description`: the text typed, empty clears). */
export function bulkBody(action: BulkAction, ipAddresses: string[], description = ''): BulkAddressInput {
  switch (action.kind) {
    case 'status':
      return { action: 'set', ipAddresses, status: action.status };
    case 'description':
      return { action: 'set', ipAddresses, description: description.trim() };
    case 'scanner':
      return { action: 'set', ipAddresses, allowScannerUpdate: action.isAllowed };
    case 'clear':
      return { action: 'clear', ipAddresses };
  }
}

const addresses = (count: number) => counted(count, 'address', 'addresses');

/** The confirmation's title, question and button for an action on `count` addresses. */
export function bulkTexts(
  action: BulkAction,
  count: number,
  description = '',
): { title: string; question: string; confirm: string } {
  switch (action.kind) {
    case 'status':
      return {
        title: 'Set status',
        question: `Set the status of ${addresses(count)} to ${action.status}?`,
        confirm: `Set status of ${addresses(count)}`,
      };
    case 'description':
      return description.trim() === ''
        ? {
            title: 'Description',
            question: `Remove the description of ${addresses(count)}?`,
            confirm: `Clear description of ${addresses(count)}`,
          }
        : {
            title: 'Description',
            question: `Write this description on ${addresses(count)}, replacing theirs:`,
            confirm: `Set description of ${addresses(count)}`,
          };
    case 'scanner':
      return action.isAllowed
        ? {
            title: 'Allow scanner updates',
            question: `Let scans change ${addresses(count)}?`,
            confirm: `Allow on ${addresses(count)}`,
          }
        : {
            title: 'Deny scanner updates',
            question: `Keep scans from changing ${addresses(count)}?`,
            confirm: `Deny on ${addresses(count)}`,
          };
    case 'clear':
      return {
        title: 'Clear addresses',
        question: `Clear ${addresses(count)}: each becomes Available, its hostname and description are removed and scanner updates are turned off.`,
        confirm: `Clear ${addresses(count)}`,
      };
  }
}

/** The notification after the change: what was done to how many. */
export function bulkDoneText(action: BulkAction, count: number, description = ''): string {
  switch (action.kind) {
    case 'status':
      return `${addresses(count)} set to ${action.status}.`;
    case 'description':
      return description.trim() === ''
        ? `Description removed from ${addresses(count)}.`
        : `Description written on ${addresses(count)}.`;
    case 'scanner':
      return `Scanner updates ${action.isAllowed ? 'allowed' : 'denied'} on ${addresses(count)}.`;
    case 'clear':
      return `${addresses(count)} cleared.`;
  }
}

/** The first addresses of a selection, for the confirmation: "a, b, c and 5 more". */
export function selectionPreview(ipAddresses: readonly string[], shown = 5): string {
  const head = ipAddresses.slice(0, shown).join(', ');
  const rest = ipAddresses.length - shown;
  return rest > 0 ? `${head} and ${rest.toLocaleString('en-US')} more` : head;
}
