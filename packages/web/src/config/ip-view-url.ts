import { ADDRESS_FILTERS, ADDRESS_SORTS, SORT_ORDERS } from '@ipam/core/address-listing';
import { createSerializer, type inferParserType, parseAsString, parseAsStringLiteral } from 'nuqs';
import { paths } from './paths.js';

/**
 * The IP view's URL state (`/ips?…`), typed: the view reads it with nuqs and every link into the
 * view is written from it, so the two never drift apart. Keys are written in this order.
 */
export const ipViewParams = {
  /** The subnet in view. */
  subnet: parseAsString,
  /** The address the view opens at: scrolled to three rows from the top and marked `aria-current`. */
  at: parseAsString,
  /** Show In Use / Show Available. */
  filter: parseAsStringLiteral(ADDRESS_FILTERS),
  /** The search box's text, written once typing pauses; the list searches it trimmed. */
  q: parseAsString.withDefault(''),
  /** The column the address table is sorted by (absent: address order) and in which direction. */
  sort: parseAsStringLiteral(ADDRESS_SORTS),
  order: parseAsStringLiteral(SORT_ORDERS),
  /** `open`: the Pending Approvals dialog opens once, then the key leaves the URL. */
  approvals: parseAsStringLiteral(['open']),
  /** A request to open a create form: a subnet's (prefilled from `cidr`) or the group form. */
  create: parseAsStringLiteral(['ipv4', 'ipv6', 'group']),
  /** `network/prefix` for a subnet create request, e.g. `10.0.0.0/24` from the calculators. */
  cidr: parseAsString,
};

/** The IP view's state as the URL carries it. */
type IpViewUrl = inferParserType<typeof ipViewParams>;

const serializeIpView = createSerializer(ipViewParams);

/** A link into the IP view, e.g. `{ subnet, at }` opens a subnet at an address. */
export function ipViewPath(values: Partial<IpViewUrl>): string {
  return serializeIpView(paths.ips, values);
}
