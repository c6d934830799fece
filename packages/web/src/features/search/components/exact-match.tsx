import type { SearchExactMatch } from '@ipam/core/api/search';
import { DEFAULT_VRF_NAME } from '@ipam/core/schemas/vrf-schemas';
import { Anchor, Badge, Card, Group as Row, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ipViewPath } from '../../../config/ip-view-url.js';
import { statusColor } from './status-color.js';

/** The searched address itself, above the prefix matches: where it lives and how it is recorded. */
export function ExactMatch({ match }: { match: SearchExactMatch }) {
  const { address } = match;
  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-label={`Exact match in ${match.subnetName}`}
      bg="blue.0"
    >
      <Row gap="xs" mb={4}>
        <Badge size="sm" variant="filled" tt="none">
          Exact match
        </Badge>
        <Anchor
          component={Link}
          to={ipViewPath({ subnet: match.subnetId, at: address.ipAddress })}
          ff="monospace"
          fw={600}
          aria-label={`Open ${address.ipAddress} in ${match.subnetName} (exact match)`}
        >
          {address.ipAddress}
        </Anchor>
        <Badge size="sm" variant="light" color={statusColor[address.status]} tt="none">
          {address.status}
        </Badge>
        {address.hostname && <Text size="sm">{address.hostname}</Text>}
      </Row>
      <Text size="sm" c="dimmed">
        {`In ${match.subnetName} (${match.cidr})`}
        {match.vrfName !== DEFAULT_VRF_NAME && ` · VRF ${match.vrfName}`}
        {address.id === null && ' · never written: Available'}
        {address.description && ` · ${address.description}`}
      </Text>
    </Card>
  );
}
