import type { Account } from '@ipam/core/api/account';
import { hasScanners as tierHasScanners } from '@ipam/core/tiers';
import { Tabs, Text } from '@mantine/core';
import {
  IconDatabaseImport,
  IconInfoCircle,
  IconKey,
  IconLogin,
  IconRadar,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useCan } from '../../../lib/use-can.js';
import { AccountInfo } from './account-info.js';
import { TokensPanel } from './tokens-panel.js';
import { UsersPanel } from './users-panel.js';

const tabs = ['account', 'users', 'scanners', 'tokens', 'webhooks', 'import', 'sso'] as const;
type SettingsTab = (typeof tabs)[number];

function isSettingsTab(value: string | null): value is SettingsTab {
  return tabs.some((tab) => tab === value);
}

interface SettingsPageProps {
  /** The Scanners tab's content: another feature's, so the app hands it in (features never import features). */
  scannersPanel: ComponentType<{ account: Account }>;
  /** The Import tab's content (phpIPAM / NetBox), another feature's too. */
  importPanel: ComponentType<{ account: Account }>;
  /** The Webhooks tab's content (issue 32), another feature's too. */
  webhooksPanel: ComponentType<{ account: Account }>;
  /** The Single sign-on tab's content (issue 34; owners), another feature's too. */
  ssoPanel: ComponentType<{ account: Account }>;
}

/**
 * /settings (spec §2): Account Info, Users, — above tier 0 — Scanners, and — for admins and owners —
 * API Tokens, Webhooks (issue 32) and Import (issue 31), and for owners Single sign-on (issue 34). The
 * tab is in the URL.
 */
export function SettingsPage({
  scannersPanel: ScannersPanel,
  importPanel: ImportPanel,
  webhooksPanel: WebhooksPanel,
  ssoPanel: SsoPanel,
}: SettingsPageProps) {
  const account = useCurrentAccount();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const hasScanners = account ? tierHasScanners(account.tier) : false;
  const { can } = useCan();
  // Imports, webhooks and tokens are an admin's (the server refuses others): the tabs are theirs only.
  const canImport = can('admin');
  const isAdmin = can('admin');
  const isShown = (tab: SettingsTab) =>
    (tab !== 'scanners' || hasScanners) &&
    (tab !== 'import' || canImport) &&
    (tab !== 'webhooks' || isAdmin) &&
    (tab !== 'tokens' || can('admin')) &&
    (tab !== 'sso' || can('owner'));
  const active: SettingsTab = isSettingsTab(requested) && isShown(requested) ? requested : 'account';

  if (!account) {
    return (
      <>
        <PageTitle text="Settings" />
        <Text c="dimmed">You are not linked to any account.</Text>
      </>
    );
  }

  return (
    <>
      <PageTitle text="Settings" />
      <Tabs
        value={active}
        onChange={(value) => setSearchParams(value && value !== 'account' ? { tab: value } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="account" leftSection={<IconInfoCircle size={16} />}>
            Account Info
          </Tabs.Tab>
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            Users
          </Tabs.Tab>
          {hasScanners && (
            <Tabs.Tab value="scanners" leftSection={<IconRadar size={16} />}>
              Scanners
            </Tabs.Tab>
          )}
          {can('admin') && (
            <Tabs.Tab value="tokens" leftSection={<IconKey size={16} />}>
              API Tokens
            </Tabs.Tab>
          )}
          {isAdmin && (
            <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} />}>
              Webhooks
            </Tabs.Tab>
          )}
          {canImport && (
            <Tabs.Tab value="import" leftSection={<IconDatabaseImport size={16} />}>
              Import
            </Tabs.Tab>
          )}
          {can('owner') && (
            <Tabs.Tab value="sso" leftSection={<IconLogin size={16} />}>
              Single sign-on
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="account">
          <AccountInfo account={account} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <UsersPanel account={account} />
        </Tabs.Panel>
        {hasScanners && (
          <Tabs.Panel value="scanners">
            <ScannersPanel account={account} />
          </Tabs.Panel>
        )}
        {can('admin') && (
          <Tabs.Panel value="tokens">
            <TokensPanel account={account} />
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="webhooks">
            <WebhooksPanel account={account} />
          </Tabs.Panel>
        )}
        {canImport && (
          <Tabs.Panel value="import">
            <ImportPanel account={account} />
          </Tabs.Panel>
        )}
        {can('owner') && (
          <Tabs.Panel value="sso">
            <SsoPanel account={account} />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
