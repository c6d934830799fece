import type { PlanCreateInput } from './schemas/plan-schemas.js';

/** One subnet of a template (all IPv4, added active with growth 25, no hosts, no VLAN, level 0). */
export interface PlanTemplateSubnet {
  readonly name: string;
  readonly networkAddress: string;
  readonly cidr: number;
  readonly description: string;
}

/** A plan template (PL-69 … PL-73). */
export interface PlanTemplate {
  /** The short name used in the history ('Applied template Corporate'). */
  readonly label: string;
  readonly name: string;
  readonly description: string;
  readonly subnets: readonly PlanTemplateSubnet[];
}

type TemplateId = NonNullable<PlanCreateInput['template']>;

const subnet = (name: string, network: string, description: string): PlanTemplateSubnet => {
  const [networkAddress = '', cidr = '0'] = network.split('/');
  return { name, networkAddress, cidr: Number(cidr), description };
};

/** PL-69 … PL-73: the four templates, their subnets in the spec's order (S15: concrete, aligned addresses). */
export const PLAN_TEMPLATE_DEFINITIONS: Readonly<Record<TemplateId, PlanTemplate>> = {
  blank: { label: 'Blank', name: 'Blank Plan', description: 'Start from an empty plan.', subnets: [] },
  corporate: {
    label: 'Corporate',
    name: 'Corporate Network',
    description: 'Office network with management, servers, DMZ, users and guests.',
    subnets: [
      subnet('Management', '10.0.0.0/24', 'Network management and out-of-band access'),
      subnet('Servers', '10.0.1.0/24', 'Internal application and file servers'),
      subnet('DMZ', '10.0.2.0/24', 'Services reachable from the internet'),
      subnet('Users', '10.0.4.0/22', 'Staff desktops, laptops and phones'),
      subnet('Guest', '10.0.3.0/24', 'Visitor access, isolated from the office'),
    ],
  },
  datacenter: {
    label: 'Datacenter',
    name: 'Datacenter',
    description: 'Tiered data-center network.',
    subnets: [
      subnet('Core', '172.16.0.0/24', 'Core switching and routing'),
      subnet('Web Tier', '172.16.1.0/24', 'Load balancers and web servers'),
      subnet('App Tier', '172.16.2.0/24', 'Application servers'),
      subnet('DB Tier', '172.16.3.0/24', 'Database servers'),
      subnet('Storage', '172.16.4.0/24', 'Storage arrays and backup network'),
    ],
  },
  campus: {
    label: 'Campus',
    name: 'Campus Network',
    description: 'Buildings, wireless and labs.',
    subnets: [
      subnet('Building A', '192.168.1.0/24', 'Wired network of building A'),
      subnet('Building B', '192.168.2.0/24', 'Wired network of building B'),
      subnet('Building C', '192.168.3.0/24', 'Wired network of building C'),
      subnet('Wireless', '192.168.4.0/22', 'Campus-wide wireless clients'),
      subnet('Labs', '192.168.8.0/23', 'Teaching and research labs'),
    ],
  },
};
