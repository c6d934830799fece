import type { Plan, PlanSubnet } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { Alert, Box, Grid, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useAddPlanSubnet, useUpdatePlanSubnet } from '../api/plan-subnets.js';
import { isVersionConflict } from './use-conflict-notice.js';
import { liveDetails, parentChoices } from '../lib/editor-live.js';
import {
  changedFields,
  checkSubnetForm,
  newSubnetValues,
  subnetBody,
  subnetFormField,
  type SubnetFormValues,
  subnetValues,
} from '../lib/subnet-form.js';
import { ComputedDetailsPanel } from './computed-details-panel.js';
import { SubnetNetworkFields } from './subnet-network-fields.js';
import { SubnetPlanningFields } from './subnet-planning-fields.js';

/** Which editor is open: Add Subnet (top level), Add Child (under a chosen subnet) or Edit Subnet. */
export type EditorTarget =
  { mode: 'add'; parent: PlanSubnet | null } | { mode: 'edit'; subnet: PlanSubnet } | null;

interface SubnetEditorDialogProps {
  accountId: string;
  plan: Plan;
  target: EditorTarget;
  onClose: () => void;
  onSaved: (subnet: PlanSubnet) => void;
}

/** 'Add Subnet' / 'Edit Subnet': one form from core's planSubnetSchema (PL-57 … PL-59). */
export function SubnetEditorDialog({ accountId, plan, target, onClose, onSaved }: SubnetEditorDialogProps) {
  const add = useAddPlanSubnet(accountId, plan.id);
  const update = useUpdatePlanSubnet(accountId, plan.id);
  const save = target?.mode === 'edit' ? update : add;
  const edited = target?.mode === 'edit' ? target.subnet : null;
  // The plan version the editor was opened on (PL-20, PL-104): a live refresh of the plan behind the
  // dialog does not move it, so a save over someone else's newer change is a 409, never a silent
  // overwrite. After that 409 the reloaded plan's version is adopted, and Save again goes through.
  const [loadedVersion, setLoadedVersion] = useState(plan.version);
  const [isAwaitingReload, setAwaitingReload] = useState(false);
  if (isAwaitingReload && plan.version !== loadedVersion) {
    setLoadedVersion(plan.version);
    setAwaitingReload(false);
  }
  const { form, close, showFieldErrors, failure } = useDialogForm<SubnetFormValues>({
    // Keyed by the subnet: a live refresh of the plan keeps what is being typed (PL-44).
    openFor:
      target === null ? null : target.mode === 'edit' ? target.subnet.id : `add:${target.parent?.id ?? ''}`,
    values: () =>
      target?.mode === 'edit'
        ? subnetValues(target.subnet)
        : newSubnetValues(plan.settings, target?.parent ?? null),
    validate: (values) => checkSubnetForm(values).fieldErrors,
    requests: [add, update],
    fieldOf: subnetFormField,
    onOpened: () => {
      setLoadedVersion(plan.version);
      setAwaitingReload(false);
    },
    onClose,
  });
  const values = form.values;
  const subnetErrors = useMemo(() => (target ? checkSubnetForm(values).subnetErrors : []), [values, target]);
  const derived = useMemo(() => liveDetails(values), [values]);
  const parents = useMemo(
    () => parentChoices(plan.subnets, values, edited?.id ?? null),
    [plan.subnets, values, edited],
  );

  const submit = form.onSubmit((typed) => {
    if (save.isPending || subnetErrors.length > 0 || target === null) return;
    const onSuccess = (saved: PlanSubnet) => {
      notifications.show({ color: 'green', message: `Subnet ${saved.name} saved.` });
      close();
      onSaved(saved);
    };
    // A conflict reloads the plan (the write's hook); what was typed stays in the form.
    const onError = (error: Error) => {
      showFieldErrors(error);
      if (isVersionConflict(error)) setAwaitingReload(true);
    };
    if (target.mode === 'edit') {
      const body = { ...changedFields(target.subnet, typed), expectedVersion: loadedVersion };
      update.mutate({ subnetId: target.subnet.id, body }, { onSuccess, onError });
    } else {
      add.mutate({ ...subnetBody(typed), expectedVersion: loadedVersion }, { onSuccess, onError });
    }
  });

  const title = target?.mode === 'edit' ? 'Edit Subnet' : 'Add Subnet';
  return (
    <Modal opened={target !== null} onClose={close} title={title} size="xl" closeOnEscape={!save.isPending}>
      <Box pos="relative">
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            <Grid>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <SubnetNetworkFields
                  form={form}
                  parents={parents}
                  isNetworkFixed={(edited?.childSubnetIds.length ?? 0) > 0}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <SubnetPlanningFields form={form} />
              </Grid.Col>
            </Grid>
            {plan.settings.autoCalculateDetails && <ComputedDetailsPanel derived={derived} />}
            {subnetErrors.length > 0 && (
              <Alert color="red" role="alert" title="Fix these before saving">
                <List size="sm">
                  {subnetErrors.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {failure && (
              <Alert color="red" role="alert">
                {messages.errorSavingSubnet(errorMessage(failure))}
                {isVersionConflict(failure) && (
                  <Text size="sm" mt={4}>
                    {messages.conflictInputKept}
                  </Text>
                )}
              </Alert>
            )}
            <DialogActions
              onCancel={close}
              isSubmitting={save.isPending}
              submitLabel={target?.mode === 'edit' ? 'Save Subnet' : 'Add Subnet'}
            />
          </Stack>
        </form>
      </Box>
    </Modal>
  );
}
