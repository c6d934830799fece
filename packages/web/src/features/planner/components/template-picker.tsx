import type { PlanSummary } from '@ipam/core/api/plan';
import { PLAN_TEMPLATE_DEFINITIONS } from '@ipam/core/plan-templates';
import { PLAN_TEMPLATES } from '@ipam/core/schemas/plan-schemas';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';

/** A built-in template id, or 'plan:<id>' for one of the account's template plans (PL-74). */
export type TemplateChoice = string;

interface TemplatePickerProps {
  value: TemplateChoice;
  onChange: (choice: TemplateChoice) => void;
  templatePlans: readonly PlanSummary[];
}

function ChoiceCard(props: { value: string; title: string; description: string; count: number }) {
  return (
    <Radio.Card value={props.value} radius="md" p="xs" aria-label={props.title}>
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <Radio.Indicator size="xs" mt={3} />
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {props.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {props.description}
          </Text>
          <Text size="xs">{props.count} subnets</Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** The creator's template cards (PL-48, §3.9) and 'My templates' (PL-74). */
export function TemplatePicker({ value, onChange, templatePlans }: TemplatePickerProps) {
  return (
    <Radio.Group value={value} onChange={onChange} label="Template">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={4}>
        {PLAN_TEMPLATES.map((id) => {
          const template = PLAN_TEMPLATE_DEFINITIONS[id];
          return (
            <ChoiceCard
              key={id}
              value={id}
              title={template.name}
              description={template.description}
              count={template.subnets.length}
            />
          );
        })}
      </SimpleGrid>
      {templatePlans.length > 0 && (
        <>
          <Text size="sm" fw={500} mt="sm">
            My templates
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={4}>
            {templatePlans.map((plan) => (
              <ChoiceCard
                key={plan.id}
                value={`plan:${plan.id}`}
                title={plan.name}
                description={plan.description}
                count={plan.subnetCount}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Radio.Group>
  );
}
