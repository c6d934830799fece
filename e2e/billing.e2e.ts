import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';

/** Picks an option of a Mantine select inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Creates a subnet through the /ips form (IPv4 /24 or IPv6 /120) and waits for its address list. */
async function createSubnet(page: Page, version: 4 | 6, name: string, network: string, prefix: string) {
  await page.getByRole('button', { name: `+ IPv${version} Subnet` }).click();
  const dialog = page.getByRole('dialog', { name: `Create New IPv${version} Subnet` });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'VLAN ID' }).fill('10');
  await choose(page, dialog, 'Group', 'Sites');
  await dialog.getByRole('textbox', { name: 'Network IP Address' }).fill(network);
  await choose(page, dialog, version === 4 ? 'Number of Bits' : 'Prefix Length', new RegExp(`^/${prefix}$`));
  await dialog.getByRole('button', { name: 'Create Subnet' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: `IP Addresses for Subnet: ${name}` }).waitFor();
}

function card(page: Page, name: string): Locator {
  return page.getByRole('region', { name: `${name} plan` });
}

async function settingsField(page: Page, baseUrl: string, label: string): Promise<string> {
  if (!page.url().endsWith('/settings')) await page.goto(`${baseUrl}/settings`);
  return page.getByRole('textbox', { name: label, exact: true }).inputValue();
}

/** The signed-in user's own account id (from the session answer the app itself reads). */
async function ownAccountId(page: Page, baseUrl: string): Promise<string> {
  const me = await (await page.request.get(`${baseUrl}/api/auth/me`)).json();
  return me.accounts.find((a: { isOwner: boolean }) => a.isOwner).id;
}

describe('Billing with the built-in test provider (BL-26, BL-27, BL-28, BL-38)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('BL-26: a Free owner picks Yearly, pays Business on the test page, and gets Business limits, a 3rd subnet and IPv6', async () => {
    const { page, baseUrl } = browser;
    const email = uniqueEmail('payer');
    await signUp(page, baseUrl, email);
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('link', { name: 'Upgrade Account' }).click();
    await page.waitForURL(`${baseUrl}/upgrade`);
    await page.getByRole('heading', { name: 'Unlock More Power for Your Network' }).waitFor();
    await page.getByText(`Upgrading ${email} — current plan: Free`).waitFor();
    await card(page, 'Business').getByText('$15.99 / month').waitFor();
    expect(await card(page, 'Basic').getByTestId('plan-price').textContent()).toBe('$5.99 / month');
    expect(await card(page, 'Business').getByText('Most Popular').count()).toBe(1);
    expect(await card(page, 'Basic').getAttribute('data-highlighted')).toBe('true');
    for (const name of ['Basic', 'Business', 'Enterprise']) {
      expect(
        await card(page, name)
          .getByRole('button', { name: `Upgrade to ${name}` })
          .isEnabled(),
      ).toBe(true);
    }
    await screenshot(page, 'billing-upgrade-monthly');

    await page.getByText('Yearly', { exact: true }).click();
    await card(page, 'Business').getByText('$175.89 / year').waitFor();
    expect(await card(page, 'Business').getByText('Save $15.99').count()).toBe(1);
    expect(
      await card(page, 'Enterprise')
        .getByText(/^Save /)
        .count(),
    ).toBe(0);
    await screenshot(page, 'billing-upgrade-yearly');

    await card(page, 'Business').getByRole('button', { name: 'Upgrade to Business' }).click();
    await page.waitForURL(/\/billing\/test-checkout\/[0-9a-f-]+$/);
    await page.getByText('TEST PAYMENT — no money is charged').waitFor();
    await page.getByText('$175.89 / year').waitFor();
    await screenshot(page, 'billing-test-payment');
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=[0-9a-f-]+$/);
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText('Your payment was successful, and your account has been upgraded.').waitFor();
    await screenshot(page, 'billing-checkout-success');

    expect(await settingsField(page, baseUrl, 'Tier')).toBe('Business');
    expect(await settingsField(page, baseUrl, 'Max Users')).toBe('20');
    expect(await settingsField(page, baseUrl, 'Max Networks')).toBe('50');

    await page.goto(`${baseUrl}/ips`);
    await page.getByRole('button', { name: '+ Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Group' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Sites');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const [index, network] of ['10.1.0.0', '10.2.0.0', '10.3.0.0'].entries()) {
      await createSubnet(page, 4, `Site ${index + 1}`, network, '24');
    }
    await createSubnet(page, 6, 'Site v6', '2001:db8::', '120');

    await page.goto(`${baseUrl}/upgrade`);
    await card(page, 'Business').getByRole('button', { name: 'Current Plan' }).waitFor();
    expect(await card(page, 'Business').getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(
      true,
    );
    expect(await card(page, 'Basic').getByText('Contact support to change your plan.').count()).toBe(1);
    // The highlight goes to the cheapest card still for sale, and the cards stay in line (issue 29).
    expect(await card(page, 'Basic').getAttribute('data-highlighted')).toBeNull();
    expect(await card(page, 'Enterprise').getAttribute('data-highlighted')).toBe('true');
    const tops = async (selector: (name: string) => Promise<{ y: number } | null>) =>
      Promise.all(['Basic', 'Business', 'Enterprise'].map(selector));
    const priceTops = await tops((name) => card(page, name).getByTestId('plan-price').boundingBox());
    const buttonTops = await tops((name) => card(page, name).getByRole('button').boundingBox());
    await screenshot(page, 'billing-upgrade-after');
    expect(priceTops.map((box) => box?.y)).toEqual(priceTops.map(() => priceTops[0]?.y));
    expect(buttonTops.map((box) => box?.y)).toEqual(buttonTops.map(() => buttonTops[0]?.y));
  });

  it('BL-27: Cancel on the test page lands on /checkout/cancel, the tier stays Free, Try Again opens /upgrade', async () => {
    const { page, baseUrl } = browser;
    await page.context().clearCookies();
    await signUp(page, baseUrl, uniqueEmail('canceler'));
    await page.goto(`${baseUrl}/upgrade`);
    await card(page, 'Basic').getByRole('button', { name: 'Upgrade to Basic' }).click();
    await page.waitForURL(/\/billing\/test-checkout\//);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL(`${baseUrl}/checkout/cancel`);
    await page.getByRole('heading', { name: 'Payment Canceled' }).waitFor();
    await screenshot(page, 'billing-checkout-cancel');
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL(`${baseUrl}/upgrade`);
    await page.getByText('current plan: Free', { exact: false }).waitFor();
    expect(await settingsField(page, baseUrl, 'Tier')).toBe('Free');
  });

  it("BL-22: /checkout/success waits with 'Finishing your upgrade…' until the named session completes", async () => {
    const { page, baseUrl } = browser;
    await page.context().clearCookies();
    await signUp(page, baseUrl, uniqueEmail('waiter'));
    const accountId = await ownAccountId(page, baseUrl);
    const sessions = `${baseUrl}/api/accounts/${accountId}/checkout-sessions`;
    const created = await (await page.request.post(sessions, { data: { priceId: 'basic-month' } })).json();
    await page.goto(`${baseUrl}/checkout/success?session_id=${created.id}`);
    await page.getByRole('heading', { name: 'Finishing your upgrade…' }).waitFor();
    expect(await page.getByText('Thank You!').count()).toBe(0);
    await screenshot(page, 'billing-checkout-finishing');
    // The payment completes while the page waits (as a webhook arriving a moment later would).
    expect((await page.request.post(`${sessions}/${created.id}/test-payment`)).status()).toBe(200);
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor({ timeout: 10_000 });
    expect(await settingsField(page, baseUrl, 'Tier')).toBe('Basic');
    // Another account's session is not confirmed to this user.
    await page.goto(`${baseUrl}/checkout/success?session_id=00000000-0000-4000-8000-000000000000`);
    await page.getByText('Checkout not found.').waitFor();
  });

  it('BL-14, BL-17, BL-31: a failed load offers Try again; a failed checkout drops the overlay and says so', async () => {
    const { page, baseUrl } = browser;
    await page.context().clearCookies();
    await signUp(page, baseUrl, uniqueEmail('unlucky'));
    // The browser sees the failures a broken network or payment provider would cause.
    await page.route('**/api/billing/products', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto(`${baseUrl}/upgrade`);
    await page.getByText('Could not load plans.').waitFor();
    await page.unroute('**/api/billing/products');
    await page.getByRole('button', { name: 'Try again' }).click();
    await card(page, 'Basic').getByText('$5.99 / month').waitFor();

    await page.route('**/api/accounts/*/checkout-sessions', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'There was an error processing your request. Please try again.',
          code: 'checkout_failed',
        }),
      });
    });
    await card(page, 'Basic').getByRole('button', { name: 'Upgrade to Basic' }).click();
    await page.getByLabel('Starting checkout').waitFor();
    expect(
      await card(page, 'Business').getByRole('button', { name: 'Upgrade to Business' }).isDisabled(),
    ).toBe(true);
    await page
      .getByRole('alert')
      .filter({ hasText: 'There was an error processing your request. Please try again.' })
      .waitFor();
    await page.getByLabel('Starting checkout').waitFor({ state: 'detached' });
    expect(
      await card(page, 'Business').getByRole('button', { name: 'Upgrade to Business' }).isEnabled(),
    ).toBe(true);
    await page.unroute('**/api/accounts/*/checkout-sessions');
  });

  it("BL-18: a session that ended meanwhile goes to /login with 'User is not authenticated.', no flash on the page left", async () => {
    const { page, baseUrl } = browser;
    await page.context().clearCookies();
    await signUp(page, baseUrl, uniqueEmail('expired'));
    await page.goto(`${baseUrl}/upgrade`);
    await card(page, 'Basic').getByText('$5.99 / month').waitFor();
    // Records a page alert (not the notifications, which travel with the user) saying it on /upgrade.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { __flashes: seen });
      new MutationObserver(() => {
        for (const alert of document.querySelectorAll('[role=alert]')) {
          const isNotification = alert.closest('.mantine-Notifications-root') !== null;
          if (!isNotification && alert.textContent?.includes('User is not authenticated.')) {
            seen.push(window.location.pathname);
          }
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.context().clearCookies();
    await card(page, 'Basic').getByRole('button', { name: 'Upgrade to Basic' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await page.locator('.mantine-Notifications-root').getByText('User is not authenticated.').waitFor();
    await screenshot(page, 'billing-session-ended');
    expect(await page.evaluate('window.__flashes')).toEqual([]);
  });

  it('BL-28, BL-41: a member sees disabled buttons, and the new tier as soon as the owner pays', async () => {
    const { page, baseUrl } = browser;
    await page.context().clearCookies();
    const ownerEmail = uniqueEmail('owner');
    await signUp(page, baseUrl, ownerEmail);
    const accountId = await ownAccountId(page, baseUrl);
    const memberEmail = uniqueEmail('member');
    const invite = await page.request.post(`${baseUrl}/api/accounts/${accountId}/invites`, {
      data: { email: memberEmail },
    });
    expect(invite.status()).toBe(201);

    const member = await openBrowser();
    try {
      await signUp(member.page, baseUrl, memberEmail);
      await member.page.request.put(`${baseUrl}/api/auth/current-account`, { data: { accountId } });
      await member.page.goto(`${baseUrl}/upgrade`);
      await member.page.getByText(`Upgrading ${ownerEmail} — current plan: Free`).waitFor();
      for (const name of ['Basic', 'Business', 'Enterprise']) {
        expect(
          await card(member.page, name)
            .getByRole('button', { name: `Upgrade to ${name}` })
            .isDisabled(),
        ).toBe(true);
      }
      expect(await member.page.getByText('Only the account owner can change the plan.').count()).toBe(3);
      await screenshot(member.page, 'billing-upgrade-member');

      // The owner pays in their browser; the member's open page follows through the live event.
      await page.goto(`${baseUrl}/upgrade`);
      await card(page, 'Enterprise').getByRole('button', { name: 'Upgrade to Enterprise' }).click();
      await page.getByRole('button', { name: 'Pay (test)' }).click();
      await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
      await member.page.getByText(`Upgrading ${ownerEmail} — current plan: Enterprise`).waitFor();
      await card(member.page, 'Enterprise').getByRole('button', { name: 'Current Plan' }).waitFor();
    } finally {
      await member.close();
    }
  });
});
