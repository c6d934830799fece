import { describe, expect, it } from 'vitest';
import { nextTableSort, tableSortOf } from './table-sort.js';

describe('the address table order', () => {
  it('reads the URL: absent is address order, a column without a direction ascends', () => {
    expect(tableSortOf(null, 'desc')).toEqual({ sort: 'address', order: 'asc' });
    expect(tableSortOf('hostname', null)).toEqual({ sort: 'hostname', order: 'asc' });
    expect(tableSortOf('status', 'desc')).toEqual({ sort: 'status', order: 'desc' });
  });

  it('turns a column around on a second click and starts Updated with the newest', () => {
    const address = tableSortOf(null, null);
    const hostname = nextTableSort(address, 'hostname');
    expect(hostname).toEqual({ sort: 'hostname', order: 'asc' });
    expect(nextTableSort(hostname, 'hostname')).toEqual({ sort: 'hostname', order: 'desc' });
    expect(nextTableSort(hostname, 'updated')).toEqual({ sort: 'updated', order: 'desc' });
    expect(nextTableSort(hostname, 'address')).toEqual({ sort: 'address', order: 'asc' });
    expect(nextTableSort(address, 'address')).toEqual({ sort: 'address', order: 'asc' });
  });
});
