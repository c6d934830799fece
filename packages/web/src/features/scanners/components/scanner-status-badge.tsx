import { type Scanner, type ScannerState, scannerState } from '@ipam/core/api/scanner';
import { Badge, Tooltip } from '@mantine/core';

const looks: Record<ScannerState, { color: string; label: string; hint: string }> = {
  never: {
    color: 'gray',
    label: 'Never called in',
    hint: 'The agent has not been started with this key yet.',
  },
  online: { color: 'green', label: 'Online', hint: 'The agent calls in as expected.' },
  offline: {
    color: 'red',
    label: 'Offline',
    hint: 'The agent has been silent for more than three polling intervals.',
  },
};

/** Whether the scanner's agent is calling in (core's scannerState at `now`). */
export function ScannerStatusBadge({ scanner, now }: { scanner: Scanner; now: number }) {
  const look = looks[scannerState(scanner, now)];
  return (
    <Tooltip label={look.hint} multiline w={240}>
      <Badge variant="light" color={look.color} tabIndex={0} miw="max-content">
        {look.label}
      </Badge>
    </Tooltip>
  );
}
