import { describe, expect, it } from 'vitest';
import {
  emptyImportForm,
  type ImportFormValues,
  importFormField,
  importInputsKey,
  parsedImportRequest,
  toImportRequest,
  validateImportForm,
} from './import-form-values.js';

const phpipam: ImportFormValues = {
  ...emptyImportForm,
  url: ' http://127.0.0.1:8080/ ',
  appId: 'importer',
  token: 'secret',
};
const netbox: ImportFormValues = { ...phpipam, source: 'netbox', appId: '', groupBy: 'site' };

describe('the import form', () => {
  it('sends only the fields of the chosen source, trimmed', () => {
    expect(toImportRequest(phpipam, true)).toEqual({
      source: 'phpipam',
      url: 'http://127.0.0.1:8080/',
      appId: 'importer',
      token: 'secret',
      dryRun: true,
    });
    expect(toImportRequest(netbox, false)).toEqual({
      source: 'netbox',
      url: 'http://127.0.0.1:8080/',
      token: 'secret',
      groupBy: 'site',
      dryRun: false,
    });
  });

  it("says under each field what core's schema refuses", () => {
    expect(validateImportForm(emptyImportForm)).toEqual({
      url: 'Enter the http:// or https:// URL of the source.',
      appId: 'Enter the API app id.',
      token: 'Enter the API token.',
    });
    expect(validateImportForm({ ...phpipam, url: 'ftp://ipam', appId: 'my app' })).toEqual({
      url: 'Enter the http:// or https:// URL of the source.',
      appId: 'The app id holds only letters, digits, _ . and -.',
    });
    expect(validateImportForm(phpipam)).toEqual({});
  });

  it('needs no app id for NetBox', () => {
    expect(validateImportForm(netbox)).toEqual({});
    expect(parsedImportRequest(netbox, true)).toMatchObject({ source: 'netbox', groupBy: 'site' });
    expect(parsedImportRequest({ ...netbox, token: ' ' }, true)).toBeNull();
  });

  it("shows the server's field messages under the same fields, none for dryRun", () => {
    expect(importFormField('token')).toBe('token');
    expect(importFormField('url')).toBe('url');
    expect(importFormField('dryRun')).toBeNull();
  });

  it('tells the inputs of a preview apart: any change of source, URL, app, token or grouping', () => {
    const key = importInputsKey(phpipam);
    expect(importInputsKey({ ...phpipam, url: 'http://127.0.0.1:8080/' })).toBe(key);
    expect(importInputsKey({ ...phpipam, token: 'other' })).not.toBe(key);
    expect(importInputsKey({ ...phpipam, appId: 'other' })).not.toBe(key);
    expect(importInputsKey(netbox)).not.toBe(importInputsKey({ ...netbox, groupBy: 'tenant' }));
    // A NetBox grouping left in the form does not change a phpIPAM import.
    expect(importInputsKey({ ...phpipam, groupBy: 'none' })).toBe(key);
  });
});
