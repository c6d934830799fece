import type { PlanSubnet } from '@ipam/core/api/plan';
import { planStats } from '@ipam/core/plan-tree';
import { Paper, Text, Tooltip } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { statCards } from '../lib/plan-stats-text.js';
import classes from './plan-stat-cards.module.css';

/** A grouped number that may break only after its commas (never inside a group of digits). */
function BreakAtCommas({ text }: { text: string }) {
  const groups = text.split(',');
  return groups.map((group, index) => (
    <Fragment key={index}>
      {group}
      {index < groups.length - 1 && (
        <>
          ,<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** Total Subnets, Active Subnets, Total Hosts (exact, IPv4/IPv6 in its tooltip), Avg Utilization (PL-42). */
export function PlanStatCards({ subnets }: { subnets: readonly PlanSubnet[] }) {
  const cards = useMemo(() => statCards(planStats(subnets)), [subnets]);
  return (
    <div className={classes.cards}>
      {cards.map((card) => {
        const value = (
          <Text fw={700} size="xl" data-testid="stat-value" className={classes.value}>
            <BreakAtCommas text={card.value} />
          </Text>
        );
        return (
          <Paper
            key={card.label}
            withBorder
            p="sm"
            radius="md"
            aria-label={card.label}
            role="group"
            className={classes.card}
          >
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {card.label}
            </Text>
            {card.tooltip ? (
              <Tooltip label={card.tooltip}>
                <span>{value}</span>
              </Tooltip>
            ) : (
              value
            )}
          </Paper>
        );
      })}
    </div>
  );
}
