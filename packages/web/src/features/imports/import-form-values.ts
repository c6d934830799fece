import {
  type NetboxGroupBy,
  type SourceImportRequest,
  type SourceKind,
  sourceImportRequestSchema,
} from '@ipam/core/api/source-import';

/** The import form as typed. */
export interface ImportFormValues {
  source: SourceKind;
  url: string;
  /** phpIPAM only. */
  appId: string;
  token: string;
  /** NetBox only. */
  groupBy: NetboxGroupBy;
}

export const emptyImportForm: ImportFormValues = {
  source: 'phpipam',
  url: '',
  appId: '',
  token: '',
  groupBy: 'tenant',
};

/** Source choices, as the products name themselves. */
export const sourceChoices: { value: SourceKind; label: string }[] = [
  { value: 'phpipam', label: 'phpIPAM' },
  { value: 'netbox', label: 'NetBox' },
];

/** What NetBox objects become groups here. */
export const groupByChoices: { value: NetboxGroupBy; label: string }[] = [
  { value: 'tenant', label: 'Tenant' },
  { value: 'site', label: 'Site' },
  { value: 'none', label: 'None (one group "NetBox")' },
];

/** The request for the form: only the fields of the chosen source. */
export function toImportRequest(values: ImportFormValues, dryRun: boolean) {
  const common = { url: values.url.trim(), token: values.token.trim(), dryRun };
  return values.source === 'phpipam'
    ? { source: 'phpipam' as const, ...common, appId: values.appId.trim() }
    : { source: 'netbox' as const, ...common, groupBy: values.groupBy };
}

function isFormField(name: string): name is keyof ImportFormValues {
  return Object.hasOwn(emptyImportForm, name);
}

/** The form field that shows an API or schema field's message; null for one the form lacks (dryRun). */
export function importFormField(apiField: string): keyof ImportFormValues | null {
  return isFormField(apiField) ? apiField : null;
}

/** The server's checks of the request (core's schema), as messages under the form's fields. */
export function validateImportForm(
  values: ImportFormValues,
): Partial<Record<keyof ImportFormValues, string>> {
  const errors: Partial<Record<keyof ImportFormValues, string>> = {};
  const result = sourceImportRequestSchema.safeParse(toImportRequest(values, true));
  for (const issue of result.error?.issues ?? []) {
    const field = importFormField(String(issue.path[0] ?? ''));
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** The parsed request, or null while the form has errors. */
export function parsedImportRequest(values: ImportFormValues, dryRun: boolean): SourceImportRequest | null {
  const result = sourceImportRequestSchema.safeParse(toImportRequest(values, dryRun));
  return result.success ? result.data : null;
}

/**
 * What a preview was run for: an Apply is offered only while the form still asks for the same import.
 * Held in memory only (the token is part of it and is never stored).
 */
export function importInputsKey(values: ImportFormValues): string {
  return JSON.stringify(toImportRequest(values, true));
}
