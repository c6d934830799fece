/**
 * A count with its noun in the right number: `counted(1, 'user')` is "1 user", `counted(2, 'user')`
 * "2 users"; irregular nouns pass their plural (`counted(3, 'address', 'addresses')`).
 */
export function counted(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`;
}
