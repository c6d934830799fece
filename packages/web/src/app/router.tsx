import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppLayout } from '../components/layout/app-layout.js';
import { FullPageLoader } from '../components/ui/page-states.js';
import { paths } from '../config/paths.js';
import { ProtectedRoute } from '../lib/protected-route.js';

/** Loads a screen's code when its route is first visited. */
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

const routes: RouteObject[] = [
  {
    path: paths.login,
    HydrateFallback: () => <FullPageLoader />,
    ...screen(async () => (await import('../features/auth/components/login-page.js')).LoginPage),
  },
  {
    path: paths.signup,
    HydrateFallback: () => <FullPageLoader />,
    ...screen(async () => (await import('../features/auth/components/signup-landing.js')).SignupLanding),
  },
  {
    path: paths.forgotPassword,
    HydrateFallback: () => <FullPageLoader />,
    ...screen(
      async () => (await import('../features/auth/components/forgot-password-page.js')).ForgotPasswordPage,
    ),
  },
  {
    path: paths.resetPassword,
    HydrateFallback: () => <FullPageLoader />,
    ...screen(
      async () => (await import('../features/auth/components/reset-password-page.js')).ResetPasswordPage,
    ),
  },
  {
    path: paths.logout,
    HydrateFallback: () => <FullPageLoader />,
    ...screen(async () => (await import('../features/auth/components/logout-page.js')).LogoutPage),
  },
  {
    // Every other route needs a signed-in user; the 404 page too (tools spec §2).
    element: (
      <ProtectedRoute>
        <AppLayout />
      </ProtectedRoute>
    ),
    HydrateFallback: () => <FullPageLoader />,
    children: [
      {
        index: true,
        ...screen(async () => (await import('../features/dashboard/components/dashboard.js')).Dashboard),
      },
      {
        path: paths.profile,
        ...screen(async () => (await import('../features/profile/components/profile-page.js')).ProfilePage),
      },
      {
        path: paths.security,
        ...screen(
          async () => (await import('../features/security/components/security-page.js')).SecurityPage,
        ),
      },
      {
        path: paths.ips,
        ...screen(async () => (await import('../features/ips/components/ips-page.js')).IpsPage),
      },
      {
        path: paths.settings,
        ...screen(async () => {
          const [
            { SettingsPage },
            { ScannersPanel },
            { SourceImportPanel },
            { WebhooksPanel },
            { SsoPanel },
          ] = await Promise.all([
            import('../features/settings/components/settings-page.js'),
            import('../features/scanners/components/scanners-panel.js'),
            import('../features/imports/components/source-import-panel.js'),
            import('../features/webhooks/components/webhooks-panel.js'),
            import('../features/sso/components/sso-panel.js'),
          ]);
          // The app composes the features: Settings shows the Scanners and Import tabs' panels without importing them.
          return function SettingsScreen() {
            return (
              <SettingsPage
                scannersPanel={ScannersPanel}
                importPanel={SourceImportPanel}
                webhooksPanel={WebhooksPanel}
                ssoPanel={SsoPanel}
              />
            );
          };
        }),
      },
      {
        path: paths.groupManagement,
        ...screen(
          async () =>
            (await import('../features/groups/components/group-management-page.js')).GroupManagementPage,
        ),
      },
      {
        path: paths.vrfManagement,
        ...screen(
          async () => (await import('../features/vrfs/components/vrf-management-page.js')).VrfManagementPage,
        ),
      },
      {
        path: paths.dns,
        ...screen(async () => (await import('../features/dns/components/dns-page.js')).DnsPage),
      },
      {
        path: paths.scannerSetup,
        ...screen(
          async () =>
            (await import('../features/scanners/components/scanner-setup-page.js')).ScannerSetupPage,
        ),
      },
      {
        path: paths.tools,
        ...screen(async () => {
          const [{ ToolsPage }, { PlannerPanel }] = await Promise.all([
            import('../features/tools/components/tools-page.js'),
            import('../features/planner/components/planner-panel.js'),
          ]);
          // The app composes the two features: Tools shows the Network Planner tab without importing it.
          return function ToolsScreen() {
            return <ToolsPage plannerPanel={PlannerPanel} />;
          };
        }),
      },
      {
        path: paths.accounts,
        ...screen(
          async () => (await import('../features/accounts/components/switch-accounts.js')).SwitchAccounts,
        ),
      },
      {
        path: paths.support,
        ...screen(async () => (await import('../features/support/components/support-page.js')).SupportPage),
      },
      {
        path: paths.terms,
        ...screen(async () => (await import('../features/static/components/terms-page.js')).TermsPage),
      },
      {
        path: paths.privacy,
        ...screen(async () => (await import('../features/static/components/privacy-page.js')).PrivacyPage),
      },
      {
        path: paths.upgrade,
        ...screen(async () => (await import('../features/billing/components/upgrade-page.js')).UpgradePage),
      },
      {
        path: paths.testCheckout,
        ...screen(
          async () => (await import('../features/billing/components/test-checkout-page.js')).TestCheckoutPage,
        ),
      },
      {
        path: paths.checkoutSuccess,
        ...screen(
          async () =>
            (await import('../features/billing/components/checkout-result-pages.js')).CheckoutSuccessPage,
        ),
      },
      {
        path: paths.checkoutCancel,
        ...screen(
          async () =>
            (await import('../features/billing/components/checkout-result-pages.js')).CheckoutCancelPage,
        ),
      },
      {
        path: paths.history,
        ...screen(async () => (await import('../features/history/components/history-page.js')).HistoryPage),
      },
      {
        path: paths.search,
        ...screen(async () => (await import('../features/search/components/search-page.js')).SearchPage),
      },
      {
        path: '*',
        ...screen(async () => (await import('../features/static/components/not-found-page.js')).NotFoundPage),
      },
    ],
  },
];

/**
 * Every screen reads its typed URL state with nuqs. Its updates go through the router (not shallow),
 * so React Router's location, and everything reading it, always matches the address bar.
 */
function UrlStateRoot() {
  return (
    <NuqsAdapter defaultOptions={{ shallow: false }}>
      <Outlet />
    </NuqsAdapter>
  );
}

const router = createBrowserRouter([{ element: <UrlStateRoot />, children: routes }], {});

/** The app's routes (spec §2). */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
