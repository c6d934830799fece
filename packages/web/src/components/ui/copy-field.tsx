import { ActionIcon, CopyButton, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyFieldProps {
  label: string;
  value: string;
  /** What the copy button copies, for its accessible name ("Copy key"). */
  what: string;
  /** Wraps a long value (a command line) so all of it is visible. */
  isMultiline?: boolean;
}

/**
 * A read-only monospace field with a copy button. Focusing the field selects it all, so the text
 * can be copied by keyboard too where the browser offers no clipboard (plain HTTP).
 */
export function CopyField({ label, value, what, isMultiline = false }: CopyFieldProps) {
  const copyButton = (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={`Copy ${what}`}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
  const common = {
    label,
    value,
    readOnly: true,
    rightSection: copyButton,
    styles: { input: { fontFamily: 'var(--mantine-font-family-monospace)' } },
  };
  return isMultiline ? (
    <Textarea {...common} autosize minRows={1} onFocus={(event) => event.currentTarget.select()} />
  ) : (
    <TextInput {...common} onFocus={(event) => event.currentTarget.select()} />
  );
}
