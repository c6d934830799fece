// @vitest-environment happy-dom
import { MAX_REPORT_ITEMS, type SourceImportReport } from '@ipam/core/api/source-import';
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImportItemsTable, itemsPerPage } from './import-items-table.js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const none = { imported: 0, updated: 0, unchanged: 0, skipped: 0 };

/** A report at the cap: 20,000 addresses listed (every 100th skipped), 5,000 more left out. */
function fullReport(): SourceImportReport {
  return {
    source: 'NetBox at http://127.0.0.1:8000/',
    dryRun: false,
    startedAt: '2026-11-27T10:00:00.000Z',
    finishedAt: '2026-11-27T10:01:00.000Z',
    counts: { vrf: none, group: none, subnet: none, address: { ...none, imported: 24_800, skipped: 200 } },
    items: Array.from({ length: MAX_REPORT_ITEMS }, (_, index) => ({
      kind: 'address' as const,
      source: `NetBox IP address ${index + 1}`,
      object: `10.${Math.floor(index / 65536)}.${Math.floor(index / 256) % 256}.${index % 256}`,
      outcome: index % 100 === 99 ? ('skipped' as const) : ('imported' as const),
      ...(index % 100 === 99 ? { reason: 'It lies outside every subnet of the source in its VRF.' } : {}),
    })),
    itemsLeftOut: 5_000,
  };
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  // Mantine reads the colour scheme from matchMedia, which happy-dom has; nothing else is needed.
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function rows(): string[][] {
  return [...container.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  );
}

describe('the objects table of a report', () => {
  it('shows a page of 50 of 20,000 objects, the skipped first, and says how many more were left out', () => {
    act(() =>
      root.render(
        <MantineProvider>
          <ImportItemsTable report={fullReport()} />
        </MantineProvider>,
      ),
    );
    const shown = rows();
    expect(shown).toHaveLength(itemsPerPage);
    // 200 skipped come first: the whole first page.
    expect(shown.every((cells) => cells[3] === 'Skipped')).toBe(true);
    expect(shown[0]).toEqual([
      'Address',
      '10.0.0.99',
      'NetBox IP address 100',
      'Skipped',
      'It lies outside every subnet of the source in its VRF.',
    ]);
    expect(container.textContent).toContain('1–50 of 20,000');
    expect(container.textContent).toContain(
      '5,000 more not listed: a report lists at most 20,000 objects; the counts above include every one.',
    );
    // Pages go on past the skipped ones.
    const last = [...container.querySelectorAll('button')].find((button) => button.textContent === '400');
    expect(last).toBeDefined();
    act(() => last?.click());
    expect(container.textContent).toContain('19,951–20,000 of 20,000');
    expect(rows().every((cells) => cells[3] === 'Imported')).toBe(true);
  });
});
