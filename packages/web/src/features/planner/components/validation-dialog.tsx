import { messages } from '@ipam/core/messages';
import type { Plan } from '@ipam/core/api/plan';
import { Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format.js';
import { grouped } from '../lib/grouped.js';
import { overlapLabel, typeLabel } from '../lib/validation-banner.js';

interface ValidationDialogProps {
  opened: boolean;
  plan: Plan;
  isValidating: boolean;
  onRevalidate: () => void;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={4} size="h5">
        {title}
      </Title>
      <Table withRowBorders striped>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Stack>
  );
}

/** 'Plan Validation Results' (PL-62 … PL-68); a section with no entries is left out. */
export function ValidationDialog({
  opened,
  plan,
  isValidating,
  onRevalidate,
  onClose,
}: ValidationDialogProps) {
  const validation = plan.planValidation;
  const nameOf = new Map(plan.subnets.map((subnet) => [subnet.id, subnet.name]));
  return (
    <Modal opened={opened} onClose={onClose} title="Plan Validation Results" size="xl">
      <Stack>
        {validation === null ? (
          <Text>{messages.noValidationResults}</Text>
        ) : (
          <>
            <Group gap="xs">
              {validation.isValid ? (
                <IconCircleCheck color="var(--mantine-color-green-6)" aria-hidden />
              ) : (
                <IconAlertTriangle color="var(--mantine-color-red-6)" aria-hidden />
              )}
              <Title order={3} size="h4">
                {validation.isValid ? messages.validationPassedTitle : messages.validationIssuesTitle}
              </Title>
            </Group>
            <Text size="sm">Last validated: {formatDateTime(validation.lastValidated, 'Unknown')}</Text>
            {validation.overlaps.length > 0 && (
              <Section title="Subnet Overlaps">
                {validation.overlaps.map((overlap) => (
                  <Table.Tr key={`${overlap.subnet1.id}-${overlap.subnet2.id}`}>
                    <Table.Td>
                      <Group gap="xs">
                        <Badge color="red" variant="light">
                          {overlapLabel(overlap.overlapType)}
                        </Badge>
                        {overlap.isDuplicate && (
                          <Badge color="orange" variant="outline">
                            Duplicate
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {overlap.subnet1.name} ({overlap.subnet1.network})
                    </Table.Td>
                    <Table.Td>
                      {overlap.subnet2.name} ({overlap.subnet2.network})
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Section>
            )}
            {validation.warnings.length > 0 && (
              <Section title="Warnings">
                {validation.warnings.map((warning, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <Badge color="yellow" variant="light">
                        {typeLabel(warning.type)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{nameOf.get(warning.subnetId) ?? warning.subnetId}</Table.Td>
                    <Table.Td>{warning.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Section>
            )}
            {validation.recommendations.length > 0 && (
              <Section title="Recommendations">
                {validation.recommendations.map((recommendation, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <Badge color="blue" variant="light">
                        {typeLabel(recommendation.type)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{nameOf.get(recommendation.subnetId) ?? recommendation.subnetId}</Table.Td>
                    <Table.Td>{recommendation.suggestion}</Table.Td>
                  </Table.Tr>
                ))}
              </Section>
            )}
            {validation.gaps.length > 0 && (
              <Section title="Address Space Gaps">
                {validation.gaps.map((gap) => (
                  <Table.Tr key={`${gap.startAddress}-${gap.endAddress}`}>
                    <Table.Td ff="monospace">
                      {gap.startAddress} - {gap.endAddress}
                    </Table.Td>
                    <Table.Td>{grouped(gap.size)} addresses available</Table.Td>
                  </Table.Tr>
                ))}
              </Section>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onRevalidate} disabled={isValidating}>
            {isValidating ? 'Validating...' : 'Re-validate Plan'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
