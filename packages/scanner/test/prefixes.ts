import { parseAddress } from '@ipam/core/ip-address';
import { prefixOf, type Prefix } from '@ipam/core/prefix';

/** A prefix from `ADDRESS/LENGTH` text, for tests (throws on text that is none). */
export function testPrefix(text: string): Prefix {
  const [address = '', length = ''] = text.split('/');
  const parsed = parseAddress(address);
  if (parsed === null || !/^\d+$/.test(length)) throw new Error(`not a prefix: ${text}`);
  return prefixOf(parsed.version, parsed.value, Number(length));
}
