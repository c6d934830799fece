import { Tabs } from '@mantine/core';
import { IconCalculator, IconSitemap } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.js';
import { CalculatorPanel } from './calculator-panel.js';
import { ipv4Calculator, ipv6Calculator } from './calculator-definitions.js';

const tabs = ['ipv4', 'ipv6', 'planner'] as const;
type ToolsTab = (typeof tabs)[number];

function isToolsTab(value: string | null): value is ToolsTab {
  return tabs.some((tab) => tab === value);
}

interface ToolsPageProps {
  /** The Network Planner tab's content: the app passes the planner feature in (features never import each other). */
  plannerPanel: ComponentType;
}

/**
 * /tools (tools spec §2): 'Networking Tools' with the IPv4 Calculator (default), IPv6 Calculator and
 * Network Planner tabs; the planner keeps `?tab=planner&plan=<id>` (PL-37).
 */
export function ToolsPage({ plannerPanel: PlannerPanel }: ToolsPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: ToolsTab = isToolsTab(requested) ? requested : 'ipv4';
  return (
    <>
      <PageTitle text="Networking Tools" />
      <Tabs
        value={active}
        onChange={(value) => setSearchParams(value && value !== 'ipv4' ? { tab: value } : {})}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="ipv4" leftSection={<IconCalculator size={16} />}>
            IPv4 Calculator
          </Tabs.Tab>
          <Tabs.Tab value="ipv6" leftSection={<IconCalculator size={16} />}>
            IPv6 Calculator
          </Tabs.Tab>
          <Tabs.Tab value="planner" leftSection={<IconSitemap size={16} />}>
            Network Planner
          </Tabs.Tab>
        </Tabs.List>
        {/* The calculators stay mounted, so switching tabs keeps what was typed. */}
        <Tabs.Panel value="ipv4">
          <CalculatorPanel definition={ipv4Calculator} />
        </Tabs.Panel>
        <Tabs.Panel value="ipv6">
          <CalculatorPanel definition={ipv6Calculator} />
        </Tabs.Panel>
        <Tabs.Panel value="planner">{active === 'planner' && <PlannerPanel />}</Tabs.Panel>
      </Tabs>
    </>
  );
}
