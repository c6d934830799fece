import type { PlanSubnet } from '@ipam/core/api/plan';
import { ActionIcon, Button, Group, Menu, SegmentedControl, Tooltip } from '@mantine/core';
import {
  IconChecklist,
  IconCopy,
  IconDots,
  IconDownload,
  IconEdit,
  IconHistory,
  IconPlus,
  IconSubtask,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';

export type PlanViewMode = 'tree' | 'table';
export type PlanMenuAction = 'edit' | 'duplicate' | 'history' | 'apply' | 'delete';

interface PlanToolbarProps {
  view: PlanViewMode;
  onViewChange: (view: PlanViewMode) => void;
  isValidating: boolean;
  isWriting: boolean;
  /** Whether the caller may change the plan: else only Export, History and the view toggle are offered. */
  canChange: boolean;
  /** The selected subnet: 'Add Child' adds under it (issue 29: only then is a parent pre-filled). */
  selected: PlanSubnet | null;
  onAddSubnet: () => void;
  onAddChild: () => void;
  onValidate: () => void;
  onExport: () => void;
  onMenu: (action: PlanMenuAction) => void;
}

/** Add Subnet, Validate Plan, Export, the view toggle and the plan menu (PL-40, S12). */
export function PlanToolbar(props: PlanToolbarProps) {
  const { view, onViewChange, isValidating, isWriting, canChange, selected, onAddSubnet, onAddChild } = props;
  const { onValidate, onExport, onMenu } = props;
  const addChildName = selected ? `Add child subnet to ${selected.name}` : 'Add child subnet';
  const addChildHint = selected
    ? `Add a subnet inside ${selected.name} (${selected.networkAddress}/${selected.cidr})`
    : 'Select a subnet to add a child subnet inside it';
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        {canChange && (
          <>
            <Button leftSection={<IconPlus size={16} />} onClick={onAddSubnet} disabled={isWriting}>
              Add Subnet
            </Button>
            <Tooltip label={addChildHint}>
              <Button
                variant="default"
                visibleFrom="lg"
                leftSection={<IconSubtask size={16} />}
                onClick={onAddChild}
                disabled={isWriting || selected === null}
                aria-label={addChildName}
              >
                Add Child
              </Button>
            </Tooltip>
            {/* A 1024 px window keeps the toolbar on one line: the icon alone, its name in the tooltip. */}
            <Tooltip label={addChildHint}>
              <ActionIcon
                variant="default"
                size="lg"
                hiddenFrom="lg"
                onClick={onAddChild}
                disabled={isWriting || selected === null}
                aria-label={addChildName}
              >
                <IconSubtask size={18} />
              </ActionIcon>
            </Tooltip>
            <Button
              variant="light"
              leftSection={<IconChecklist size={16} />}
              onClick={onValidate}
              disabled={isValidating}
            >
              {isValidating ? 'Validating...' : 'Validate Plan'}
            </Button>
          </>
        )}
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onExport}>
          Export
        </Button>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Tooltip label="Plan actions">
              <ActionIcon variant="default" size="lg" aria-label="Plan actions">
                <IconDots size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            {canChange && (
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onMenu('edit')}>
                Edit Plan
              </Menu.Item>
            )}
            {canChange && (
              <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onMenu('duplicate')}>
                Duplicate Plan
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => onMenu('history')}>
              History
            </Menu.Item>
            {canChange && (
              <Menu.Item leftSection={<IconUpload size={16} />} onClick={() => onMenu('apply')}>
                Apply to IPAM
              </Menu.Item>
            )}
            {canChange && <Menu.Divider />}
            {canChange && (
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onMenu('delete')}>
                Delete Plan
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <SegmentedControl
        aria-label="View"
        value={view}
        onChange={(value) => onViewChange(value === 'table' ? 'table' : 'tree')}
        data={[
          { value: 'tree', label: 'Tree View' },
          { value: 'table', label: 'Table View' },
        ]}
      />
    </Group>
  );
}
