import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { PlanCard } from '../plan-cards.js';

interface PlanCardViewProps {
  card: PlanCard;
  /** Billing off: the card informs, there is no button. */
  hasCheckout: boolean;
  /** A checkout is being created: every button waits. */
  isBusy: boolean;
  onUpgrade: (card: PlanCard) => void;
}

/** One plan card (BL-15): name, description, price, saving, benefits and its button. */
export function PlanCardView({ card, hasCheckout, isBusy, onUpgrade }: PlanCardViewProps) {
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
      style={
        card.isHighlighted ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="center" mih={28}>
          <Title order={3}>{product.name}</Title>
          {card.isMostPopular && <Badge color="grape">Most Popular</Badge>}
          {card.isCurrent && (
            <Badge color="green" variant="light">
              Current Plan
            </Badge>
          )}
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
              onClick={() => onUpgrade(card)}
            >
              {card.buttonLabel}
            </Button>
            {card.note && (
              <Text size="xs" c="dimmed" ta="center">
                {card.note}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
