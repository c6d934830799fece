import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, laptop, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { callApi, currentAccountId, idOf } from './support/planner-api.js';
import { openPlanner } from './support/planner-page.js';

/** A plan whose longest texts are in it: an IPv6 /64 (a 26-character host count), a long name, a VLAN. */
async function widePlan(page: Page): Promise<string> {
  const accountId = await currentAccountId(page);
  const plans = `/api/accounts/${accountId}/plans`;
  const planId = idOf(await callApi(page, 'POST', plans, { name: 'Campus rollout' }));
  const add = (name: string, networkAddress: string, cidr: number, extra: Record<string, unknown> = {}) =>
    callApi(page, 'POST', `${plans}/${planId}/subnets`, { name, networkAddress, cidr, ...extra });
  idOf(await add('Building A users and printers', '10.100.100.0', 24, { vlan: { id: 4094 } }));
  idOf(await add('Servers', '10.100.101.128', 25, { status: 'planned', planning: { currentHosts: 120 } }));
  idOf(await add('Campus backbone v6', '2001:db8:abcd:1234::', 64, { ipVersion: 'IPv6', vlan: { id: 300 } }));
  return planId;
}

/** Whether an element's text sits on one line (a wrapped text has more than one line box). */
async function isOneLine(page: Page, testId: string, label: string): Promise<boolean> {
  const value = page.getByRole('group', { name: label }).getByTestId(testId);
  return value.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size === 1;
  });
}

describe('Network Planner layout (PL-42, PL-55, PL-108; issue 29)', () => {
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [{ width: 1024, height: 768 }, laptop]) {
    it(`at ${viewport.width} px every table column and action is on screen, and Total Hosts stays on one line`, async () => {
      await browser?.close();
      browser = await openBrowser(viewport);
      const { page, baseUrl } = browser;
      await signUp(page, baseUrl, uniqueEmail('+layout'));
      const planId = await widePlan(page);
      await openPlanner(page, baseUrl, planId);
      await page
        .getByRole('group', { name: 'Total Hosts' })
        .getByText('18,446,744,073,709,551,996')
        .waitFor();
      await page.getByText('Table View', { exact: true }).click();
      const table = page.getByRole('table', { name: 'Plan subnets' });
      await table.waitFor();
      await screenshot(page, `planner-table-${viewport.width}`);
      expect(await isOneLine(page, 'stat-value', 'Total Hosts')).toBe(true);
      // No horizontal scroll, in the page or inside the table's card.
      expect(
        await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth'),
      ).toBe(true);
      const box = table.locator('xpath=..');
      expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      const card = await box.boundingBox();
      for (const header of await table.getByRole('columnheader').all()) {
        const edge = await header.boundingBox();
        expect(edge && card && edge.x + edge.width <= card.x + card.width + 1, await header.innerText()).toBe(
          true,
        );
      }
      const remove = table.getByRole('button', { name: 'Delete Campus backbone v6', exact: true });
      const button = await remove.boundingBox();
      expect(button && card && button.x + button.width <= card.x + card.width).toBe(true);
      // The host count of a /64 is whole, not cut: 2⁶⁴, the grouped number in its tooltip.
      const hosts = table.getByRole('cell', { name: '2⁶⁴', exact: true });
      expect(await hosts.locator('abbr').getAttribute('title')).toBe('18,446,744,073,709,551,616');
      // Every header and value is whole at 1366 px; at 1024 px only names and a long IPv6 network are cut
      // (each has its full text as a tooltip).
      const cut = await table.evaluate((element) =>
        [...element.querySelectorAll('[role=cell], [role=columnheader]')]
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => cell.textContent),
      );
      expect(cut).toEqual(
        viewport.width < 1366
          ? ['Building A users and printers', 'Campus backbone v6', '2001:db8:abcd:1234::/64']
          : [],
      );
      expect(await table.getByRole('cell', { name: '2001:db8:abcd:1234::/64' }).getAttribute('title')).toBe(
        '2001:db8:abcd:1234::/64',
      );
    });
  }
});
