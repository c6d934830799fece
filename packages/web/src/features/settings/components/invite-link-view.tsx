import type { InviteLink } from '@ipam/core/api/account';
import { messages } from '@ipam/core/messages';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { CopyField } from '../../../components/ui/copy-field.js';

/** The invite's link to hand over, saying honestly whether an e-mail went out. */
export function InviteLinkView({ invite, onDone }: { invite: InviteLink; onDone: () => void }) {
  return (
    <Stack>
      {invite.isMailed ? (
        <Alert color="green" role="status">
          {messages.inviteMailed} An e-mail went to {invite.email}. You can also give them this link:
        </Alert>
      ) : (
        <Alert color="yellow" role="status">
          {messages.inviteNotMailed}
        </Alert>
      )}
      <CopyField label={`Invitation link for ${invite.email}`} value={invite.inviteUrl} what="link" />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
