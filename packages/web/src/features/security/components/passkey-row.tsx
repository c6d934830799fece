import type { Passkey } from '@ipam/core/api/passkey';
import { MAX_PASSKEY_NAME_LENGTH } from '@ipam/core/schemas/passkey-schemas';
import { Button, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRenamePasskey } from '../api/passkeys.js';

interface PasskeyRowProps {
  passkey: Passkey;
  onRemove: () => void;
}

/** One passkey: its name (renamed in place), when it was added and last used, Rename and Remove. */
export function PasskeyRow({ passkey, onRemove }: PasskeyRowProps) {
  const rename = useRenamePasskey();
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    if (draft === null) return;
    rename.mutate({ passkeyId: passkey.id, name: draft }, { onSuccess: () => setDraft(null) });
  };
  return (
    <Table.Tr>
      <Table.Td>
        {draft === null ? (
          passkey.name
        ) : (
          <TextInput
            size="xs"
            aria-label={`New name for ${passkey.name}`}
            maxLength={MAX_PASSKEY_NAME_LENGTH}
            autoFocus
            value={draft}
            error={rename.isError ? errorMessage(rename.error) : null}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
              if (event.key === 'Escape') setDraft(null);
            }}
          />
        )}
      </Table.Td>
      <Table.Td>{formatDateTime(passkey.createdAt)}</Table.Td>
      <Table.Td>{formatDateTime(passkey.lastUsedAt)}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {draft === null ? (
            <>
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={`Rename ${passkey.name}`}
                onClick={() => {
                  rename.reset();
                  setDraft(passkey.name);
                }}
              >
                Rename
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${passkey.name}`}
                onClick={onRemove}
              >
                Remove
              </Button>
            </>
          ) : (
            <>
              <Button size="compact-sm" loading={rename.isPending} onClick={save}>
                Save
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
