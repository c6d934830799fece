import { ApiError } from './api-client.js';

/** The form field that shows an API field's message, or null when the form does not show that field. */
export type FieldOf = (apiField: string) => string | null;

/** API fields shown by the form field of the same name (the usual case). */
export function sameNamedFields(formFields: readonly string[]): FieldOf {
  return (apiField) => (formFields.includes(apiField) ? apiField : null);
}

/** A failed request's field messages, keyed by the form field that shows them (first message each). */
export function formErrorsOf(error: unknown, fieldOf: FieldOf): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [apiField, message] of Object.entries(error.fields)) {
    const field = fieldOf(apiField);
    if (field !== null) errors[field] ??= message;
  }
  return errors;
}

/**
 * Whether a failed request is fully explained under the form's fields: it has field messages and
 * every one belongs to a field the form shows. Otherwise the form shows the message itself, so no
 * error is lost under a field that is not there (such as the read-only IP Address).
 */
export function isShownOnFields(error: unknown, fieldOf: FieldOf): boolean {
  if (!(error instanceof ApiError)) return false;
  const named = Object.keys(error.fields);
  return named.length > 0 && named.every((field) => fieldOf(field) !== null);
}
