import type { Role } from '@ipam/core/roles';
import { inviteSchema, maxEmailLength } from '@ipam/core/schemas/auth-schemas';
import { roleChoices } from './role-choices.js';
import { Alert, Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCreateInvite } from '../api/create-invite.js';
import { InviteLinkView } from './invite-link-view.js';

interface InviteUserModalProps {
  accountId: string;
  opened: boolean;
  onClose: () => void;
  /** Whether the caller is an owner: only an owner invites another owner (the server refuses others). */
  canInviteOwner: boolean;
}

/**
 * Invite User: one e-mail address and the role it gets; the invitee joins the account when they sign up or log in with it
 * or through the invite's link, which the modal then shows, saying whether an e-mail went out.
 */
export function InviteUserModal({ accountId, opened, onClose, canInviteOwner }: InviteUserModalProps) {
  const invite = useCreateInvite(accountId);
  const { form, close, showFieldErrors, failure } = useDialogForm({
    openFor: opened ? 'invite' : null,
    values: (): { email: string; role: Role } => ({ email: '', role: 'editor' }),
    validate: schemaResolver(inviteSchema, { sync: true }),
    requests: [invite],
    onClose,
  });

  const submit = form.onSubmit((values) =>
    invite.mutate(
      { email: values.email.trim(), role: values.role },
      {
        onSuccess: () => form.resetDirty(),
        onError: showFieldErrors,
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title="Invite User">
      {invite.data ? (
        <InviteLinkView invite={invite.data} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              maxLength={maxEmailLength}
              required
              data-autofocus
              description="They join this account when they sign up or log in with this address or the invitation link."
              {...form.getInputProps('email')}
            />
            <Select
              label="Role"
              required
              allowDeselect={false}
              data={roleChoices(canInviteOwner)}
              description="What they may do in this account (Settings ▸ Users lets an owner change it later)."
              {...form.getInputProps('role')}
            />
            {failure && (
              <Alert color="red" role="alert">
                {errorMessage(failure)}
              </Alert>
            )}
            <DialogActions onCancel={close} isSubmitting={invite.isPending} submitLabel="Send Invite" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
