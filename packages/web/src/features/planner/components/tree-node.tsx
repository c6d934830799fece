import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo } from 'react';
import { grouped } from '../lib/grouped.js';
import type { TreeRow } from '../lib/tree-rows.js';
import classes from './plan-rows.module.css';
import { RowActions, StatusPill, UsageBar, VlanPill } from './row-parts.js';
import type { SubnetHandlers } from './subnet-actions.js';

interface TreeNodeProps {
  row: TreeRow;
  height: number;
  isSelected: boolean;
  isFocusable: boolean;
  showDetails: boolean;
  showUtilization: boolean;
  isWriting: boolean;
  handlers: SubnetHandlers;
  onToggle: (id: string) => void;
  onFocusRow: (id: string) => void;
}

/**
 * One subnet of the tree (PL-53): name, network, badges, optional details and utilization, actions.
 * Plain elements and memoised: scrolling a 2,000-subnet tree mounts only the rows coming into view.
 */
export const TreeNode = memo(function TreeNode(props: TreeNodeProps) {
  const { row, height, isSelected, isFocusable, showDetails, showUtilization, isWriting, handlers } = props;
  const { subnet } = row;
  return (
    <div
      role="treeitem"
      aria-level={row.level + 1}
      aria-setsize={row.setSize}
      aria-posinset={row.position}
      aria-expanded={row.hasChildren ? row.isExpanded : undefined}
      aria-selected={isSelected}
      aria-label={`${subnet.name} ${subnet.networkAddress}/${subnet.cidr}`}
      data-subnet-id={subnet.id}
      tabIndex={isFocusable ? 0 : -1}
      className={isSelected ? `${classes.node} ${classes.selected}` : classes.node}
      style={{ height, paddingLeft: 8 + row.level * 24 }}
      onFocus={() => props.onFocusRow(subnet.id)}
      onClick={() => handlers.onSelect(subnet.id)}
    >
      {row.hasChildren ? (
        <button
          type="button"
          className={classes.toggle}
          tabIndex={-1}
          aria-label={`${row.isExpanded ? 'Collapse' : 'Expand'} ${subnet.name}`}
          onClick={(event) => {
            event.stopPropagation();
            props.onToggle(subnet.id);
          }}
        >
          {row.isExpanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </button>
      ) : (
        <span className={classes.toggleSpace} />
      )}
      <div className={classes.main}>
        <div className={classes.line}>
          <span className={classes.name}>{subnet.name}</span>
          <span className={classes.mono}>
            {subnet.networkAddress}/{subnet.cidr}
          </span>
          <StatusPill status={subnet.status} />
          <VlanPill vlan={subnet.vlan} />
        </div>
        {showDetails && (
          <div className={classes.details}>
            Usable hosts: {grouped(subnet.details.usableHosts)} · Broadcast:{' '}
            {subnet.details.broadcastAddress ?? '—'} · Mask: {subnet.details.subnetMask} · Current hosts:{' '}
            {grouped(subnet.planning.currentHosts)} · Growth: {subnet.planning.plannedGrowth}% · Recommended:{' '}
            {subnet.planning.recommendedSize} · Reserved: {subnet.reservedAddresses.length}
          </div>
        )}
      </div>
      {showUtilization && <UsageBar subnet={subnet} width={90} />}
      <RowActions subnet={subnet} handlers={handlers} isWriting={isWriting} />
    </div>
  );
});
