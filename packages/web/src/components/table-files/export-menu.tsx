import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** One file the menu offers: its label and the export URL (the browser downloads it as it streams). */
export interface ExportChoice {
  label: string;
  href: string;
  disabledReason?: string;
}

/** An Export button whose menu downloads the server's CSV or XLSX files. */
export function ExportMenu({
  label = 'Export',
  choices,
}: {
  label?: string;
  choices: readonly ExportChoice[];
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {choices.map((choice) =>
          choice.disabledReason ? (
            <Menu.Item key={choice.label} disabled title={choice.disabledReason}>
              {choice.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={choice.label} component="a" href={choice.href} download>
              {choice.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
