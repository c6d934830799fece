import type { Subnet } from '@ipam/core/api/ipam';
import type { Scanner } from '@ipam/core/api/scanner';
import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.js';
import { scannerSubnetLabels } from '../scanner-form-values.js';
import { ScannerStatusBadge } from './scanner-status-badge.js';

export type ScannerAction = 'edit' | 'snmpTargets' | 'regenerateKey' | 'delete' | 'removeMissingSubnets';

interface ScannersTableProps {
  scanners: readonly Scanner[];
  /** The account's subnets, to name the scanner's; undefined while they load. */
  subnets: readonly Subnet[] | undefined;
  /** The time the states are evaluated at (a timer moves it on). */
  now: number;
  /** Runs an action on a scanner; null when the caller may not manage scanners (no action buttons). */
  onAction: ((action: ScannerAction, scanner: Scanner) => void) | null;
  /** The action running for a scanner, whose button shows it. */
  running: { action: ScannerAction; scannerId: string } | null;
}

/** The Scanners table (spec §2: Name, Description, Subnets, Actions) plus state, last call-in, agent, key. */
export function ScannersTable({ scanners, subnets, now, onAction, running }: ScannersTableProps) {
  const isRunning = (action: ScannerAction, scanner: Scanner) =>
    running?.action === action && running.scannerId === scanner.id;

  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table striped highlightOnHover aria-label="Scanners" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Subnets</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last Seen</Table.Th>
            <Table.Th>Agent Version</Table.Th>
            <Table.Th>Key</Table.Th>
            {onAction && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scanners.map((scanner) => (
            <Table.Tr key={scanner.id}>
              <Table.Td fw={600}>{scanner.name}</Table.Td>
              <Table.Td>{scanner.description}</Table.Td>
              <Table.Td>
                <SubnetsCell
                  scanner={scanner}
                  subnets={subnets}
                  isCleaning={isRunning('removeMissingSubnets', scanner)}
                  onRemoveMissing={onAction && (() => onAction('removeMissingSubnets', scanner))}
                />
              </Table.Td>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <ScannerStatusBadge scanner={scanner} now={now} />
                  {scanner.blockScanning && (
                    // A badge may shrink to an ellipsis in a squeezed column; this one must stay readable.
                    <Badge variant="outline" color="orange" miw="max-content">
                      Scanning blocked
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>{formatDateTime(scanner.lastSeenAt)}</Table.Td>
              <Table.Td>{scanner.agentVersion ?? '—'}</Table.Td>
              <Table.Td>
                <Code aria-label={`Key of ${scanner.name} starts with ${scanner.keyPrefix}`}>
                  {scanner.keyPrefix}…
                </Code>
              </Table.Td>
              {onAction && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit scanner ${scanner.name}`}
                      onClick={() => onAction('edit', scanner)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`SNMP targets of ${scanner.name}`}
                      onClick={() => onAction('snmpTargets', scanner)}
                    >
                      SNMP Targets
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Regenerate key of ${scanner.name}`}
                      loading={isRunning('regenerateKey', scanner)}
                      onClick={() => onAction('regenerateKey', scanner)}
                    >
                      Regenerate Key
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete scanner ${scanner.name}`}
                      loading={isRunning('delete', scanner)}
                      onClick={() => onAction('delete', scanner)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface SubnetsCellProps {
  scanner: Scanner;
  subnets: readonly Subnet[] | undefined;
  isCleaning: boolean;
  /** Cleans out the deleted subnets; null for a caller who may not manage scanners. */
  onRemoveMissing: (() => void) | null;
}

/** The scanner's subnets by name; deleted ones read "(Removed)" with the action that cleans them out. */
function SubnetsCell({ scanner, subnets, isCleaning, onRemoveMissing }: SubnetsCellProps) {
  const labels = scannerSubnetLabels(scanner, subnets);
  if (labels.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      {labels.map(({ id, label, isRemoved }) => (
        <Text key={id} size="sm" c={isRemoved ? 'dimmed' : undefined} fs={isRemoved ? 'italic' : undefined}>
          {label}
        </Text>
      ))}
      {onRemoveMissing && scanner.missingSubnets.length > 0 && (
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          loading={isCleaning}
          aria-label={`Remove Missing Subnets of ${scanner.name}`}
          onClick={onRemoveMissing}
        >
          Remove Missing Subnets
        </Button>
      )}
    </Stack>
  );
}
