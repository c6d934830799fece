import { ActionIcon, Box, Code, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A block of shell or file text with a copy button in its corner. */
export function Snippet({ text, label }: { text: string; label: string }) {
  return (
    <Box pos="relative">
      <Code block aria-label={label} pr={48}>
        {text}
      </Code>
      <CopyButton value={text} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              pos="absolute"
              top={6}
              right={6}
              onClick={copy}
              aria-label={`Copy ${label}`}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Box>
  );
}
