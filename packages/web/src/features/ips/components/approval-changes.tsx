import type { Approval } from '@ipam/core/api/ipam';
import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.js';

const FIELD_LABELS: Record<Approval['changes'][number]['field'], string> = {
  status: 'Status',
  hostname: 'Hostname',
  mac: 'MAC',
};

/** A value as the diff shows it: an empty one is "(none)". */
function shown(value: string): string {
  return value === '' ? '(none)' : value;
}

/** What Confirm does to one field: "old → new", "erased", or the value kept as recorded. */
function fieldLine({ field, now, confirm }: Approval['changes'][number]): string {
  const label = FIELD_LABELS[field];
  if (now === confirm) return `${label}: ${shown(now)} (unchanged)`;
  if (confirm === '') return `${label}: ${now} → erased`;
  return `${label}: ${shown(now)} → ${confirm}`;
}

/** When and by which scanner the entry's host was seen, and how (alive or silent). */
function seenLine(approval: Approval): string | null {
  if (approval.seenAt === null) return null;
  const how = approval.seenAlive ? 'Answered' : 'Silent';
  return `${how} ${formatDateTime(approval.seenAt)} · ${approval.seenBy ?? ''}`;
}

/** The entry's per-field diff: every field Confirm writes (no other is touched) and the sighting. */
export function ApprovalChanges({ approval }: { approval: Approval }) {
  const seen = seenLine(approval);
  return (
    <Stack gap={2} aria-label={`What Confirm writes to ${approval.ipAddress}`}>
      {approval.changes.map((change) => (
        <Text key={change.field} size="sm" ff={change.field === 'mac' ? 'monospace' : undefined}>
          {fieldLine(change)}
        </Text>
      ))}
      {seen !== null && (
        <Text size="xs" c="dimmed">
          {seen}
        </Text>
      )}
    </Stack>
  );
}
