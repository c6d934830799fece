import { createLoader } from 'nuqs';
import { describe, expect, it } from 'vitest';
import { ipViewParams, ipViewPath } from './ip-view-url.js';

const readIpView = createLoader(ipViewParams);

describe('the IP view URL', () => {
  it('writes a link to a subnet opened at an address, subnet first', () => {
    expect(ipViewPath({ subnet: 'lab', at: '10.1.2.9' })).toBe('/ips?subnet=lab&at=10.1.2.9');
  });

  it('leaves out what is empty: no search, no filter', () => {
    expect(ipViewPath({ subnet: 'lab', q: '', filter: null })).toBe('/ips?subnet=lab');
  });

  it('reads back what a link wrote, an IPv6 create request and a search with spaces included', () => {
    const link = ipViewPath({ create: 'ipv6', cidr: '2001:db8::/64' });
    expect(readIpView(link.slice(link.indexOf('?')))).toMatchObject({
      create: 'ipv6',
      cidr: '2001:db8::/64',
    });
    const search = ipViewPath({
      subnet: 'lab',
      filter: 'in-use',
      q: 'web 01&x',
      sort: 'hostname',
      order: 'desc',
    });
    expect(readIpView(search.slice(search.indexOf('?')))).toMatchObject({
      subnet: 'lab',
      filter: 'in-use',
      q: 'web 01&x',
      sort: 'hostname',
      order: 'desc',
    });
  });

  it('reads an unknown filter, sort or create request as none, and a missing search as empty', () => {
    expect(readIpView('?subnet=lab&filter=everything&sort=size&order=up&create=vlan')).toEqual({
      subnet: 'lab',
      at: null,
      filter: null,
      q: '',
      sort: null,
      order: null,
      approvals: null,
      create: null,
      cidr: null,
    });
  });
});
