import { MAX_DESCRIPTION_LENGTH } from '@ipam/core/schemas/common-fields';
import type { SourceAddress, SourceSubnet } from './source-model.js';
import {
  capped,
  customFieldLines,
  DEFAULT_TAG,
  idOf,
  ipText,
  textOf,
  type CustomFieldDefaults,
  type PhpipamRow,
  type PhpipamTag,
} from './phpipam-rows.js';

/** What an address row is read with: its tags and its custom fields' defaults. */
export interface PhpipamAddressContext {
  tags: ReadonlyMap<string, PhpipamTag>;
  fieldDefaults: CustomFieldDefaults;
}

/**
 * The description of an address: phpIPAM's own, then on lines of their own what this product has no
 * field for (an added tag's name, MAC, owner, custom fields, the note), cut to the description limit;
 * the note comes last since it is the longest and the least structured.
 */
function addressDescription(row: PhpipamRow, tag: PhpipamTag, fieldDefaults: CustomFieldDefaults): string {
  const lines: string[] = [];
  const labelled = (label: string, value: unknown) => {
    const text = textOf(value).trim();
    if (text !== '') lines.push(`${label}: ${text}`);
  };
  const description = textOf(row.description);
  if (description.trim() !== '') lines.push(description);
  if (tag.addedName !== null) lines.push(`phpIPAM tag: ${tag.addedName}`);
  labelled('MAC', row.mac);
  labelled('Owner', row.owner);
  lines.push(...customFieldLines(row, fieldDefaults));
  labelled('Note', row.note);
  return capped(lines.join('\n'), MAX_DESCRIPTION_LENGTH);
}

/** One row of `subnets/{id}/addresses/` as an address of `subnet` (its VRF and its address family). */
export function toSourceAddress(
  row: PhpipamRow,
  subnet: SourceSubnet,
  context: PhpipamAddressContext,
): SourceAddress {
  const ip = ipText(row.ip ?? row.ip_addr, subnet.cidr.includes(':'));
  const id = idOf(row.id);
  const tagId = idOf(row.tag);
  const tag = (tagId === null ? undefined : context.tags.get(tagId)) ?? DEFAULT_TAG;
  return {
    key: id ?? `${subnet.key}/${ip}`,
    vrfKey: subnet.vrfKey,
    ip,
    status: tag.status,
    hostname: textOf(row.hostname),
    description: addressDescription(row, tag, context.fieldDefaults),
    label: id === null ? `phpIPAM address ${ip} in subnet ${subnet.key}` : `phpIPAM address ${id}`,
  };
}
