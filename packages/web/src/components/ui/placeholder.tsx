import { Alert, Anchor, Text } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';

/** A clearly marked screen that a later release fills in; it always offers a way back. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <Alert color="blue" variant="light" icon={<IconHammer size={18} />} title="Coming soon">
      <Text size="sm">{what} is being built and arrives in an upcoming release.</Text>
      <Anchor component={Link} to={paths.dashboard} size="sm">
        Back to the Dashboard
      </Anchor>
    </Alert>
  );
}
