import type { Plan, PlanSummary } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import { PLAN_TEMPLATES, planCreateSchema } from '@ipam/core/schemas/plan-schemas';
import {
  Alert,
  Box,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useCreatePlan, useUpdatePlan } from '../api/plans.js';
import { TagsField } from './tags-field.js';
import { type TemplateChoice, TemplatePicker } from './template-picker.js';

interface PlanFormValues {
  name: string;
  description: string;
  tags: string[];
  settings: Plan['settings'];
  isTemplate: boolean;
}

interface PlanFormDialogProps {
  accountId: string;
  opened: boolean;
  /** The plan to edit (Edit Plan, PL-50); absent for Create Network Plan. */
  plan?: Plan;
  templatePlans?: readonly PlanSummary[];
  onClose: () => void;
  onSaved: (planId: string) => void;
}

const defaults: PlanFormValues = {
  name: '',
  description: '',
  tags: [],
  settings: {
    autoCalculateDetails: true,
    validateOverlaps: true,
    showUtilization: true,
    defaultIPVersion: 'IPv4',
  },
  isTemplate: false,
};

const isBuiltIn = (choice: string): choice is (typeof PLAN_TEMPLATES)[number] =>
  PLAN_TEMPLATES.some((id) => id === choice);

/** 'Create Network Plan' (PL-48, PL-49) and 'Edit Plan' (PL-50): one form from core's planCreateSchema. */
export function PlanFormDialog({
  accountId,
  opened,
  plan,
  templatePlans = [],
  onClose,
  onSaved,
}: PlanFormDialogProps) {
  const create = useCreatePlan(accountId);
  const update = useUpdatePlan(accountId);
  const save = plan ? update : create;
  const { form, close, showFieldErrors, failure } = useDialogForm<
    PlanFormValues & { template: TemplateChoice }
  >({
    openFor: opened ? (plan?.id ?? 'new') : null,
    values: () =>
      plan
        ? {
            name: plan.name,
            description: plan.description,
            tags: plan.tags,
            settings: plan.settings,
            isTemplate: plan.isTemplate,
            template: 'blank',
          }
        : { ...defaults, template: 'blank' },
    validate: (values) => {
      const { template: _template, ...fields } = values;
      return schemaResolver(planCreateSchema, { sync: true })(fields);
    },
    requests: [create, update],
    onClose,
  });

  const submit = form.onSubmit(({ template, ...values }) => {
    if (save.isPending) return;
    const fields = { ...values, name: values.name.trim(), description: values.description.trim() };
    const onSuccess = (saved: Plan) => {
      notifications.show({ color: 'green', message: plan ? 'Plan saved.' : `Plan ${saved.name} created.` });
      close();
      onSaved(saved.id);
    };
    if (plan) {
      update.mutate(
        { planId: plan.id, body: { ...fields, expectedVersion: plan.version } },
        { onSuccess, onError: showFieldErrors },
      );
    } else {
      const source = isBuiltIn(template) ? { template } : { fromPlanId: template.replace(/^plan:/, '') };
      create.mutate({ ...fields, ...source }, { onSuccess, onError: showFieldErrors });
    }
  });

  const title = plan ? 'Edit Plan' : 'Create Network Plan';
  return (
    <Modal opened={opened} onClose={close} title={title} size="xl" closeOnEscape={!save.isPending}>
      <Box pos="relative">
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            <TextInput
              label="Name"
              required
              data-autofocus
              maxLength={MAX_NAME_LENGTH}
              {...form.getInputProps('name')}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxLength={MAX_DESCRIPTION_LENGTH}
              {...form.getInputProps('description')}
            />
            <TagsField
              value={form.values.tags}
              onChange={(tags) => form.setFieldValue('tags', tags)}
              error={typeof form.errors.tags === 'string' ? form.errors.tags : null}
            />
            <Text size="sm" fw={500}>
              Settings
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Switch
                label="Auto-calculate details"
                {...form.getInputProps('settings.autoCalculateDetails', { type: 'checkbox' })}
              />
              <Switch
                label="Validate overlaps automatically"
                {...form.getInputProps('settings.validateOverlaps', { type: 'checkbox' })}
              />
              <Switch
                label="Show utilization"
                {...form.getInputProps('settings.showUtilization', { type: 'checkbox' })}
              />
              <Switch label="Use as a template" {...form.getInputProps('isTemplate', { type: 'checkbox' })} />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="default-ip-version">
                Default IP version
              </Text>
              <SegmentedControl
                aria-labelledby="default-ip-version"
                data={['IPv4', 'IPv6']}
                w={200}
                {...form.getInputProps('settings.defaultIPVersion')}
              />
            </Stack>
            {!plan && (
              <TemplatePicker
                value={form.values.template}
                onChange={(choice) => form.setFieldValue('template', choice)}
                templatePlans={templatePlans}
              />
            )}
            {failure && (
              <Alert color="red" role="alert">
                {plan ? errorMessage(failure, messages.createPlanFailed) : messages.createPlanFailed}
                {/* The server's reason too, e.g. the 100-plan cap (PL-5). */}
                {!plan && failure instanceof ApiError && (
                  <Text size="sm" mt={4}>
                    {failure.message}
                  </Text>
                )}
              </Alert>
            )}
            <DialogActions
              onCancel={close}
              isSubmitting={save.isPending}
              submitLabel={plan ? 'Save Plan' : 'Create Plan'}
            />
          </Stack>
        </form>
      </Box>
    </Modal>
  );
}
