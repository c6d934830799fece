import type { PlanSubnet } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { IconArrowsSplit2, IconEdit, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { utilizationLevel } from '../lib/plan-stats-text.js';
import classes from './plan-rows.module.css';
import { createSubnetLink, type SubnetHandlers } from './subnet-actions.js';

/** The status pill: active green, planned blue, deprecated gray, subdivided violet (PL-53). */
export function StatusPill({ status }: { status: PlanSubnet['status'] }) {
  return <span className={`${classes.pill} ${classes[status]}`}>{status}</span>;
}

/** 'VLAN {id}' when the subnet has one (PL-53). */
export function VlanPill({ vlan }: { vlan: PlanSubnet['vlan'] }) {
  return vlan ? <span className={`${classes.pill} ${classes.vlan}`}>VLAN {vlan.id}</span> : null;
}

/**
 * The utilization bar, classed on the exact ratio (PL-54), with aria-valuenow (PL-107), and 'N%'.
 * Without `width` the bar's width comes from the stylesheet (the table's follows its card's width).
 */
export function UsageBar({ subnet, width }: { subnet: PlanSubnet; width?: number }) {
  const percentage = subnet.details.utilization.percentage;
  const level = utilizationLevel(subnet.planning.currentHosts, subnet.details.usableHosts);
  return (
    <span className={classes.usage} data-level={level}>
      <span
        className={classes.bar}
        style={width === undefined ? undefined : { width }}
        role="progressbar"
        aria-label={`Utilization of ${subnet.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
      >
        <span
          className={`${classes.fill} ${classes[level]}`}
          style={{ display: 'block', width: `${Math.min(100, percentage)}%` }}
        />
      </span>
      <span className={classes.percent}>{percentage}%</span>
    </span>
  );
}

/** Edit, Split, 'Create subnet from this' and Delete, each named after the subnet (PL-56, PL-114). */
export function RowActions({
  subnet,
  handlers,
  isWriting,
}: {
  subnet: PlanSubnet;
  handlers: SubnetHandlers;
  isWriting: boolean;
}) {
  const hasChildren = subnet.childSubnetIds.length > 0;
  return (
    <span className={classes.actions} onClick={(event) => event.stopPropagation()}>
      {handlers.canChange && (
        <button
          type="button"
          className={classes.action}
          title="Edit"
          aria-label={`Edit ${subnet.name}`}
          onClick={() => handlers.onEdit(subnet.id)}
        >
          <IconEdit size={16} />
        </button>
      )}
      {/* The span carries the tooltip of a disabled Split (PL-56). */}
      {handlers.canChange && (
        <span title={hasChildren ? messages.alreadySubdivided : 'Split'}>
          <button
            type="button"
            className={classes.action}
            aria-label={`Split ${subnet.name}`}
            disabled={hasChildren}
            onClick={() => handlers.onSplit(subnet.id)}
          >
            <IconArrowsSplit2 size={16} />
          </button>
        </span>
      )}
      {handlers.canCreateSubnets && (
        <Link
          className={classes.action}
          to={createSubnetLink(subnet)}
          title="Create subnet from this"
          aria-label={`Create subnet from this: ${subnet.name}`}
        >
          <IconExternalLink size={16} />
        </Link>
      )}
      {handlers.canChange && (
        <button
          type="button"
          className={`${classes.action} ${classes.danger}`}
          title="Delete"
          aria-label={`Delete ${subnet.name}`}
          disabled={isWriting}
          onClick={() => handlers.onDelete(subnet.id)}
        >
          <IconTrash size={16} />
        </button>
      )}
    </span>
  );
}
