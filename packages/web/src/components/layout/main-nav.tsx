import { NavLink } from '@mantine/core';
import {
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconListDetails,
  IconSettings,
  IconTool,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.js';

const items = [
  { label: 'Dashboard', to: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'IPs', to: paths.ips, icon: IconListDetails },
  { label: 'History', to: paths.history, icon: IconHistory },
  { label: 'Tools', to: paths.tools, icon: IconTool },
  { label: 'Settings', to: paths.settings, icon: IconSettings },
  { label: 'Support', to: paths.support, icon: IconHeadset },
];

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The left navigation (spec §2): Dashboard, IPs, Tools, Settings, Support; plus History (issue 17). */
export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main">
      {items.map(({ label, to, icon: Icon }) => {
        const active = isActive(pathname, to);
        return (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </nav>
  );
}
