import { posix } from 'node:path';
import type { XmlEvent } from './xlsx-xml.js';

/** Where a workbook's parts are: fixed by the format's convention (exceljs and Excel write them so). */
export const WORKBOOK_PART = 'xl/workbook.xml';
export const WORKBOOK_RELATIONSHIPS_PART = 'xl/_rels/workbook.xml.rels';
const DEFAULT_SHARED_STRINGS_PART = 'xl/sharedStrings.xml';

/** The parts an import reads: the first worksheet's, and the shared strings' when there are any. */
export interface WorkbookParts {
  sheet: string;
  sharedStrings: string;
}

/** The relationship id (`r:id`) of the workbook's first sheet, or null when it lists none. */
export async function firstSheetRelationship(events: AsyncIterable<XmlEvent[]>): Promise<string | null> {
  for await (const batch of events) {
    for (const event of batch) {
      if (event.kind === 'open' && event.name === 'sheet') return event.attributes.get('id') ?? null;
    }
  }
  return null;
}

/** The workbook's relationships: id → type and the part it points to (a path inside the zip). */
export async function workbookRelationships(
  events: AsyncIterable<XmlEvent[]>,
): Promise<Map<string, { type: string; part: string }>> {
  const relationships = new Map<string, { type: string; part: string }>();
  for await (const batch of events) {
    for (const event of batch) {
      if (event.kind !== 'open' || event.name !== 'Relationship') continue;
      const id = event.attributes.get('Id');
      const target = event.attributes.get('Target');
      if (id === undefined || target === undefined || event.attributes.get('TargetMode') === 'External') {
        continue;
      }
      // Targets are relative to the workbook's folder, or absolute from the zip's root.
      const part = posix.normalize(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
      relationships.set(id, { type: event.attributes.get('Type') ?? '', part });
    }
  }
  return relationships;
}

/** The parts to read, from the first sheet's relationship id and the workbook's relationships. */
export function partsToRead(
  sheetRelationship: string | null,
  relationships: ReadonlyMap<string, { type: string; part: string }>,
): WorkbookParts | null {
  const sheet = sheetRelationship === null ? undefined : relationships.get(sheetRelationship);
  if (!sheet) return null;
  const sharedStrings = [...relationships.values()].find((r) => r.type.endsWith('/sharedStrings'));
  return { sheet: sheet.part, sharedStrings: sharedStrings?.part ?? DEFAULT_SHARED_STRINGS_PART };
}
