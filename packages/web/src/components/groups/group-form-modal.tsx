import type { Group } from '@ipam/core/api/ipam';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import { groupCreateSchema } from '@ipam/core/schemas/group-schemas';
import { Alert, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/api-client.js';
import { groupAndDescendants } from '../../lib/groups/group-tree.js';
import { type GroupFields, useCreateGroup, useUpdateGroup } from '../../lib/groups/save-group.js';
import { DialogActions } from '../ui/dialog-actions.js';
import { useDialogForm } from '../ui/use-dialog-form.js';
import { GroupSelect } from './group-select.js';

interface GroupFormModalProps {
  accountId: string;
  groups: readonly Group[];
  opened: boolean;
  onClose: () => void;
  /** The group being edited; absent for Create New Group. */
  group?: Group | null;
}

const emptyFields: GroupFields = { name: '', description: '', parentId: '' };

/** Create New Group / Edit Group: name, description and parent group (spec §2 group form). */
export function GroupFormModal({ accountId, groups, opened, onClose, group }: GroupFormModalProps) {
  const create = useCreateGroup(accountId);
  const update = useUpdateGroup(accountId);
  const save = group ? update : create;
  const { form, close, showFieldErrors, failure } = useDialogForm<GroupFields>({
    openFor: opened ? (group?.id ?? 'new') : null,
    values: () =>
      group ? { name: group.name, description: group.description, parentId: group.parentId } : emptyFields,
    validate: schemaResolver(groupCreateSchema, { sync: true }),
    requests: [create, update],
    onClose,
  });

  const submit = form.onSubmit((values) => {
    const fields = { ...values, name: values.name.trim(), description: values.description.trim() };
    const onError = showFieldErrors;
    const onSuccess = () => {
      notifications.show({
        color: 'green',
        message: group ? 'Group saved.' : `Group ${fields.name} created.`,
      });
      close();
    };
    if (group) update.mutate({ id: group.id, fields }, { onSuccess, onError });
    else create.mutate(fields, { onSuccess, onError });
  });

  return (
    <Modal opened={opened} onClose={close} title={group ? 'Edit Group' : 'Create New Group'}>
      <form onSubmit={submit} noValidate aria-label={group ? 'Edit Group' : 'Create New Group'}>
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
          <GroupSelect
            label="Parent Group"
            groups={groups}
            exclude={group ? groupAndDescendants(groups, group.id) : undefined}
            noneOption={{ value: '', label: 'No Parent' }}
            {...form.getInputProps('parentId')}
            onChange={(value) => form.setFieldValue('parentId', value ?? '')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {errorMessage(failure)}
            </Alert>
          )}
          <DialogActions
            onCancel={close}
            isSubmitting={save.isPending}
            submitLabel={group ? 'Save' : 'Create Group'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
