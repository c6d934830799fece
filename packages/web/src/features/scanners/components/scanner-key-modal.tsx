import type { ScannerWithKey } from '@ipam/core/api/scanner';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { agentCommandLine, agentEnvironmentLine } from '../agent-command.js';
import { CopyField } from '../../../components/ui/copy-field.js';

interface ScannerKeyModalProps {
  /** The scanner with the key just made (by create or regenerate); null keeps the modal closed. */
  scanner: ScannerWithKey | null;
  onClose: () => void;
}

/** The scanner's key, shown this once, with the command lines that start the agent with it. */
export function ScannerKeyModal({ scanner, onClose }: ScannerKeyModalProps) {
  const server = window.location.origin;
  return (
    <Modal
      opened={scanner !== null}
      onClose={onClose}
      title={scanner ? `Key of scanner ${scanner.name}` : 'Scanner key'}
      size="xl"
      // The key is gone once this closes: a stray click beside the dialog must not close it.
      closeOnClickOutside={false}
    >
      {scanner && (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copy the key now">
            This key will not be shown again. Only its first characters ({scanner.keyPrefix}…) stay visible.
            If it is lost, regenerate it: the old key then stops working at once.
          </Alert>
          <CopyField label="API key" value={scanner.apiKey} what="key" />
          <Text size="sm">Start the agent on a machine in the network it should scan:</Text>
          <CopyField
            label="Command line"
            value={agentCommandLine(server, scanner.apiKey)}
            what="command line"
            isMultiline
          />
          <CopyField
            label="Or with the settings in the environment"
            value={agentEnvironmentLine(server, scanner.apiKey)}
            what="environment command line"
            isMultiline
          />
          <Text size="sm">
            How to install the agent and run it as a service:{' '}
            <Anchor component={Link} to={paths.scannerSetup} target="_blank">
              scanner setup
            </Anchor>
            .
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
