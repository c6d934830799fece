import { counted } from '@ipam/core/plural';
import { ADDRESS_STATUSES } from '@ipam/core/schemas/address-schemas';
import { Button, Group as Row, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { bulkLimitProblem } from '../address-selection.js';
import type { BulkAction } from '../bulk-actions.js';

interface AddressBulkBarProps {
  /** Addresses selected (all matching counted in full). */
  count: number;
  isAllMatching: boolean;
  /** Why the last "select all matching" selected nothing (more than one bulk change takes). */
  notice: string | null;
  onAction: (action: BulkAction) => void;
  onDeselect: () => void;
}

/**
 * The line above the address table: what is selected and the bulk actions (Set status, Description,
 * Scanner updates, Clear). Where the table is wide it keeps one line's height with or without a
 * selection, so selecting does not move the rows; a narrow one wraps the actions under the count.
 */
export function AddressBulkBar(props: AddressBulkBarProps) {
  const { count, isAllMatching, notice, onAction, onDeselect } = props;
  const limitProblem = bulkLimitProblem(count);
  const isOff = count === 0 || limitProblem !== null;
  const problem = limitProblem ?? notice;
  return (
    <Row gap="xs" justify="space-between" mih={30} data-testid="bulk-bar">
      <Row gap="xs" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
        {count > 0 ? (
          <>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="selected-count">
              {isAllMatching
                ? `All ${counted(count, 'matching address', 'matching addresses')} selected`
                : `${counted(count, 'address', 'addresses')} selected`}
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={onDeselect}>
              Deselect
            </Button>
          </>
        ) : (
          problem === null && (
            <Text size="sm" c="dimmed" truncate>
              Tick addresses to change them together; Shift-click ticks a range.
            </Text>
          )
        )}
        {problem !== null && (
          <Text size="sm" c="orange.8" role="status" truncate title={problem}>
            {problem}
          </Text>
        )}
      </Row>
      <Row gap={6} wrap="nowrap">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="default"
              disabled={isOff}
              rightSection={<IconChevronDown size={14} />}
            >
              Set status
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ADDRESS_STATUSES.map((status) => (
              <Menu.Item key={status} onClick={() => onAction({ kind: 'status', status })}>
                {status}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button
          size="compact-sm"
          variant="default"
          disabled={isOff}
          onClick={() => onAction({ kind: 'description' })}
        >
          Description
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="default"
              disabled={isOff}
              rightSection={<IconChevronDown size={14} />}
            >
              Scanner updates
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onAction({ kind: 'scanner', isAllowed: true })}>Allow</Menu.Item>
            <Menu.Item onClick={() => onAction({ kind: 'scanner', isAllowed: false })}>Deny</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          disabled={isOff}
          onClick={() => onAction({ kind: 'clear' })}
        >
          Clear
        </Button>
      </Row>
    </Row>
  );
}
