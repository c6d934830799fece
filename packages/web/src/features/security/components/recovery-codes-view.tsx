import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Offers the codes as a text file (made in the browser; nothing is fetched). */
function download(codes: readonly string[]): void {
  const text = `IPAM recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'ipam-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown this once, to copy or download. */
export function RecoveryCodesView({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Save your recovery codes now">
        Each code signs you in once if you lose your authenticator app. They will not be shown again.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" maw={360} aria-label="Recovery codes" role="list">
        {codes.map((code) => (
          <Text key={code} ff="monospace" role="listitem">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={() => download(codes)}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}
