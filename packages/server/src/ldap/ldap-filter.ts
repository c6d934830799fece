/**
 * Escapes a value for an LDAP search filter (RFC 4515 §3): NUL, `(`, `)`, `*` and `\` become `\XX`,
 * so a typed user name such as `*)(uid=*` matches only a user literally named so.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\0()*\\]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * The operator's filter with each `{name}` placeholder replaced by its value, escaped; the template
 * itself is trusted (it comes from the configuration), the values are not.
 */
export function fillFilter(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined ? placeholder : escapeFilterValue(value);
  });
}
