import type { PlanSummary } from '@ipam/core/api/plan';
import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format.js';
import { cardTags, type PlanBadge, planBadges } from '../lib/plan-search.js';

const badgeColor: Record<PlanBadge, string> = {
  Current: 'blue',
  Template: 'grape',
  Valid: 'green',
  'Has issues': 'red',
};

interface PlanCardProps {
  plan: PlanSummary;
  currentPlanId: string | null;
  isBusy: boolean;
  /** Whether Duplicate and Delete are offered. */
  canChange: boolean;
  onPick: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** One plan in the selection dialog (PL-46). */
export function PlanCard(props: PlanCardProps) {
  const { plan, currentPlanId, isBusy, canChange, onPick, onDuplicate, onDelete } = props;
  const tags = cardTags(plan.tags);
  return (
    <Card
      withBorder
      padding="sm"
      role="listitem"
      aria-label={plan.name}
      style={{ cursor: 'pointer' }}
      onClick={onPick}
      onKeyDown={(event) => {
        if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
          event.preventDefault();
          onPick();
        }
      }}
      tabIndex={0}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{plan.name}</Text>
            {planBadges(plan, currentPlanId).map((badge) => (
              <Badge key={badge} size="sm" variant="light" color={badgeColor[badge]}>
                {badge}
              </Badge>
            ))}
          </Group>
          {plan.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {plan.description}
            </Text>
          )}
          <Group gap="md">
            <Text size="xs">{plan.subnetCount} subnets</Text>
            <Text size="xs">v{plan.version}</Text>
            <Text size="xs" c="dimmed">
              Updated {formatDateTime(plan.updatedAt)}
            </Text>
          </Group>
          {plan.tags.length > 0 && (
            <Group gap={4}>
              {tags.shown.map((tag) => (
                <Badge key={tag} size="xs" variant="outline" color="gray">
                  {tag}
                </Badge>
              ))}
              {tags.more > 0 && (
                <Badge size="xs" variant="outline" color="gray">
                  +{tags.more}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        {canChange && (
          <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
            <Tooltip label="Duplicate">
              <ActionIcon
                variant="subtle"
                aria-label={`Duplicate plan ${plan.name}`}
                disabled={isBusy}
                onClick={onDuplicate}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete plan ${plan.name}`}
                disabled={isBusy}
                onClick={onDelete}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Card>
  );
}
