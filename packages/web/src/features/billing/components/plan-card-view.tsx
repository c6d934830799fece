import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCircleCheck } from '@tabler/icons-react';
import type { PlanCard } from '../plan-cards.js';

interface PlanCardViewProps {
  card: PlanCard;
  /** Billing off: the card informs, there is no button. */
  hasCheckout: boolean;
  /** A checkout is being created: every button waits. */
  isBusy: boolean;
  /** Some card of the row has a note: every card keeps its line, so the buttons line up. */
  hasNoteLine: boolean;
  onUpgrade: (card: PlanCard) => void;
}

/** One plan card (BL-15): name, description, price, saving, benefits and its button. */
export function PlanCardView({ card, hasCheckout, isBusy, hasNoteLine, onUpgrade }: PlanCardViewProps) {
  const { product } = card;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      shadow={card.isHighlighted ? 'md' : 'xs'}
      aria-label={`${product.name} plan`}
      role="region"
      data-highlighted={card.isHighlighted || undefined}
      // A ring, not a wider border: the highlighted card's content stays in line with the others.
      style={
        card.isHighlighted
          ? {
              borderColor: 'var(--mantine-color-blue-filled)',
              boxShadow: '0 0 0 1px var(--mantine-color-blue-filled), var(--mantine-shadow-md)',
            }
          : undefined
      }
    >
      <Stack gap="sm" h="100%">
        {/* One line whatever the card: 'Current Plan' is its button, so the cards stay in line (issue 29). */}
        <Group justify="space-between" align="center" mih={28} wrap="nowrap">
          <Title order={3}>{product.name}</Title>
          {card.isMostPopular && <Badge color="grape">Most Popular</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          {product.description}
        </Text>
        <Stack gap={4} align="flex-start">
          <Text fz={26} fw={700} data-testid="plan-price">
            {card.priceText}
          </Text>
          {card.savingText && (
            <Badge color="teal" variant="light">
              {card.savingText}
            </Badge>
          )}
        </Stack>
        <List spacing={4} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-filled)" />}>
          {card.benefits.map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List>
        {hasCheckout && (
          <Stack gap={4} mt="auto">
            <Button
              fullWidth
              variant={card.isHighlighted ? 'filled' : 'light'}
              disabled={card.isButtonDisabled || isBusy}
              leftSection={card.isCurrent ? <IconCircleCheck size={16} /> : undefined}
              onClick={() => onUpgrade(card)}
            >
              {card.buttonLabel}
            </Button>
            {hasNoteLine && (
              <Text size="xs" c="dimmed" ta="center" mih={18}>
                {card.note}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
