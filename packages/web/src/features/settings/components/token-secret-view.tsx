import type { ApiTokenWithSecret } from '@ipam/core/api/token';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyField } from '../../../components/ui/copy-field.js';

interface TokenSecretViewProps {
  accountId: string;
  token: ApiTokenWithSecret;
  onDone: () => void;
}

/** The new token's secret, shown this once, with how a script sends it. */
export function TokenSecretView({ accountId, token, onDone }: TokenSecretViewProps) {
  const example = `curl -H "Authorization: Bearer ${token.token}" ${window.location.origin}/api/accounts/${accountId}/subnets`;
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copy the token now">
        This token will not be shown again. Only its first characters ({token.prefix}…) stay visible. If it is
        lost, revoke it and create another.
      </Alert>
      <CopyField label="Token" value={token.token} what="token" />
      <Text size="sm">A script sends it in the Authorization header:</Text>
      <CopyField label="Example" value={example} what="example" isMultiline />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
