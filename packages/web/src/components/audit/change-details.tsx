import type { AuditItem } from '@ipam/core/api/ipam';
import { fieldChanges } from '@ipam/core/audit/describe-audit';
import { Text } from '@mantine/core';

interface ChangeDetailsProps {
  item: Pick<AuditItem, 'action' | 'entity' | 'before' | 'after' | 'names'>;
  /** Show at most this many fields, then "and n more". */
  max?: number;
}

/**
 * A change's fields, one a line: "Hostname: web01 → web02" (a create shows only the new value, a
 * delete the old), labelled and shown by core's audit table in the browser's locale, ids by name.
 */
export function ChangeDetails({ item, max }: ChangeDetailsProps) {
  const changes = fieldChanges(item, { names: item.names });
  const shown = max === undefined ? changes : changes.slice(0, max);
  if (changes.length === 0) return null;
  return (
    <div data-testid="change-details">
      {shown.map((change) => (
        <Text key={change.field} size="xs" lh={1.5}>
          <Text span size="xs" c="dimmed">
            {change.label}:{' '}
          </Text>
          {change.before !== null && (
            <Text span size="xs" td={change.after !== null ? 'line-through' : undefined} c="red.8">
              {change.before}
            </Text>
          )}
          {change.before !== null && change.after !== null && ' → '}
          {change.after !== null && (
            <Text span size="xs" c="teal.8" fw={500}>
              {change.after}
            </Text>
          )}
        </Text>
      ))}
      {shown.length < changes.length && (
        <Text size="xs" c="dimmed">
          and {changes.length - shown.length} more
        </Text>
      )}
    </div>
  );
}
