import { addressResponse, type Address } from '@ipam/core/api/ipam';
import { stringifierOf } from '../http/response-serializer.js';

const writeItem = stringifierOf(addressResponse);

/**
 * An address's list item as the API answers it (core's addressResponse, by its compiled serialiser):
 * the write repository stores it with every written row (`item_json`), and a page writes it for the
 * never-written addresses, so a page's items are these texts in address order.
 */
export function addressItemJson(address: Address): string {
  return writeItem(address);
}
