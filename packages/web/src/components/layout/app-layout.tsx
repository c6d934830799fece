import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAccountEvents } from '../../lib/account-events.js';
import { useCurrentAccount } from '../../lib/auth.js';
import { FullPageLoader } from '../ui/page-states.js';
import { AppFooter } from './app-footer.js';
import { GlobalSearch } from './global-search.js';
import { Logo } from './logo.js';
import { MainNav } from './main-nav.js';
import { useAlertToasts } from './use-alert-toasts.js';
import { UserMenu } from './user-menu.js';

/** The signed-in frame: top bar, left navigation (a burger menu on a phone), page, footer. */
export function AppLayout() {
  const [isNavOpen, nav] = useDisclosure(false);
  // Live updates for the account the user works in (re-subscribes when they switch accounts).
  const accountId = useCurrentAccount()?.id;
  useAccountEvents(accountId);
  // New discovery alerts of that account as toasts.
  useAlertToasts(accountId);
  // On a phone the closed navigation only slides off-screen; hide it, so Tab does not walk
  // through links nobody can see. Below 48em is below Mantine's `sm` breakpoint used here.
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const isNavHidden = isPhone && !isNavOpen;
  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 44 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Logo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <GlobalSearch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" style={isNavHidden ? { visibility: 'hidden' } : undefined}>
        <MainNav onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppShell.Footer>
        <AppFooter />
      </AppShell.Footer>
    </AppShell>
  );
}
