import type { PlanSubnet } from '@ipam/core/api/plan';
import { Box, Button, Group, Paper, Switch, Text } from '@mantine/core';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { allParents, treeKeyAction, treeModel, visibleTreeRows } from '../lib/tree-rows.js';
import type { SubnetHandlers } from './subnet-actions.js';
import classes from './plan-rows.module.css';
import { TreeNode } from './tree-node.js';
import { useVirtualRows } from './use-virtual-rows.js';

interface SubnetTreeProps {
  subnets: readonly PlanSubnet[];
  selectedId: string | null;
  initialShowUtilization: boolean;
  isWriting: boolean;
  handlers: SubnetHandlers;
}

/** The plan's hierarchy (PL-52, PL-53) with keyboard navigation (PL-107); only visible rows render. */
export function SubnetTree({
  subnets,
  selectedId,
  initialShowUtilization,
  isWriting,
  handlers,
}: SubnetTreeProps) {
  const model = useMemo(() => treeModel(subnets), [subnets]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [showDetails, setShowDetails] = useState(false);
  const [showUtilization, setShowUtilization] = useState(initialShowUtilization);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const rows = useMemo(() => visibleTreeRows(model, collapsed), [model, collapsed]);
  const rowHeight = showDetails ? 64 : 44;
  const { boxRef, boxHeight, items, padTop, padBottom, scrollToIndex } = useVirtualRows(
    rows.length,
    rowHeight,
  );
  const wantsFocus = useRef(false);

  const focusedIndex = Math.max(
    0,
    rows.findIndex((row) => row.subnet.id === (focusedId ?? selectedId)),
  );

  // A far move (Home, End, a parent) renders its row only once the box has scrolled there.
  useEffect(() => {
    if (!wantsFocus.current) return;
    const id = rows[focusedIndex]?.subnet.id;
    const node = id
      ? boxRef.current?.querySelector<HTMLElement>(`[data-subnet-id="${CSS.escape(id)}"]`)
      : null;
    if (!node) return;
    wantsFocus.current = false;
    node.focus();
  });

  const toggle = useCallback(
    (id: string) =>
      setCollapsed((before) => {
        const next = new Set(before);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.target instanceof HTMLElement && event.target.getAttribute('role') !== 'treeitem') return;
    const action = treeKeyAction(event.key, rows, focusedIndex);
    if (action === null) return;
    event.preventDefault();
    if (action.type === 'focus') {
      setFocusedId(rows[action.index]?.subnet.id ?? null);
      scrollToIndex(action.index);
      wantsFocus.current = true;
    } else if (action.type === 'select') handlers.onSelect(action.id);
    else toggle(action.id);
  };

  if (subnets.length === 0) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed" ta="center">
          This plan has no subnets yet. Use Add Subnet to start.
        </Text>
      </Paper>
    );
  }

  return (
    <Paper withBorder>
      <Group justify="space-between" p="xs" wrap="wrap">
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => startTransition(() => setCollapsed(new Set()))}>
            Expand All
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => startTransition(() => setCollapsed(allParents(model)))}
          >
            Collapse All
          </Button>
        </Group>
        <Group gap="md">
          <Switch
            size="sm"
            label="Show Details"
            checked={showDetails}
            onChange={(e) => setShowDetails(e.currentTarget.checked)}
          />
          <Switch
            size="sm"
            label="Show Utilization"
            checked={showUtilization}
            onChange={(e) => setShowUtilization(e.currentTarget.checked)}
          />
        </Group>
      </Group>
      <Box
        ref={boxRef}
        className={classes.scrollBox}
        role="tree"
        aria-label="Subnet tree"
        onKeyDown={onKeyDown}
        h={boxHeight}
        style={{ overflowY: 'auto', borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Box style={{ height: padTop }} />
        {items.map(({ index }) => {
          const row = rows[index];
          if (!row) return null;
          return (
            <TreeNode
              key={row.subnet.id}
              row={row}
              height={rowHeight}
              isSelected={row.subnet.id === selectedId}
              isFocusable={index === focusedIndex}
              showDetails={showDetails}
              showUtilization={showUtilization}
              isWriting={isWriting}
              handlers={handlers}
              onToggle={toggle}
              onFocusRow={setFocusedId}
            />
          );
        })}
        <Box style={{ height: padBottom }} />
      </Box>
    </Paper>
  );
}
