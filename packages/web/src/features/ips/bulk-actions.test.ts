import { describe, expect, it } from 'vitest';
import { bulkBody, bulkDoneText, bulkTexts, selectionPreview } from './bulk-actions.js';

describe('bulk actions of the address table', () => {
  it('build the bulk route body of each action', () => {
    const ips = ['10.0.0.1', '10.0.0.2'];
    expect(bulkBody({ kind: 'status', status: 'Reserved' }, ips)).toEqual({
      action: 'set',
      ipAddresses: ips,
      status: 'Reserved',
    });
    expect(bulkBody({ kind: 'description' }, ips, '  rack 4 ')).toEqual({
      action: 'set',
      ipAddresses: ips,
      description: 'rack 4',
    });
    expect(bulkBody({ kind: 'scanner', isAllowed: false }, ips)).toEqual({
      action: 'set',
      ipAddresses: ips,
      allowScannerUpdate: false,
    });
    expect(bulkBody({ kind: 'clear' }, ips)).toEqual({ action: 'clear', ipAddresses: ips });
  });

  it('name the count in the confirmation and the result', () => {
    expect(bulkTexts({ kind: 'status', status: 'In Use' }, 12)).toEqual({
      title: 'Set status',
      question: 'Set the status of 12 addresses to In Use?',
      confirm: 'Set status of 12 addresses',
    });
    expect(bulkTexts({ kind: 'description' }, 1, ' ').confirm).toBe('Clear description of 1 address');
    expect(bulkTexts({ kind: 'clear' }, 4096).confirm).toBe('Clear 4,096 addresses');
    expect(bulkDoneText({ kind: 'scanner', isAllowed: true }, 3)).toBe(
      'Scanner updates allowed on 3 addresses.',
    );
  });

  it('preview the first addresses of a selection', () => {
    expect(selectionPreview(['10.0.0.1', '10.0.0.2'])).toBe('10.0.0.1, 10.0.0.2');
    expect(selectionPreview(['a', 'b', 'c', 'd'], 2)).toBe('a, b and 2 more');
  });
});
