import { type Server, createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/app.js';
import { type Browser, openBrowser, screenshot, uniqueEmail } from './support/browser.js';
import { type AppServer, freePort, startServer } from './support/server.js';

// With SUPPORT_FORM_URL / FEEDBACK_FORM_URL configured, /support, the Support Ticket modal and the
// Feedback modal embed those forms (the built-in form is tested in screens.e2e.ts). The external forms
// are served by a small page server on loopback, as an operator's form provider would.

/** A stand-in for an external form provider: one page per path, naming the path. */
async function startFormProvider(): Promise<{ origin: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server: Server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>form</title><h1>External form at ${request.url ?? ''}</h1>`);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

describe('embedded external forms when the operator configured them', () => {
  let provider: Awaited<ReturnType<typeof startFormProvider>>;
  let server: AppServer;
  let browser: Browser;
  const email = uniqueEmail('forms');

  beforeAll(async () => {
    provider = await startFormProvider();
    server = await startServer({
      logName: 'server-forms',
      env: {
        SUPPORT_FORM_URL: `${provider.origin}/support-ticket`,
        FEEDBACK_FORM_URL: `${provider.origin}/feedback`,
      },
    });
    browser = await openBrowser(undefined, server.baseUrl);
    await signUp(browser.page, browser.baseUrl, email);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  it('Feedback opens the configured form in a modal, 800 pixels high', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: `User menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    const frame = dialog.getByTitle('Feedback form');
    expect(await frame.getAttribute('height')).toBe('800');
    expect((await frame.boundingBox())?.height).toBeCloseTo(800, 0);
    await page
      .frameLocator('iframe[title="Feedback form"]')
      .getByRole('heading', { name: 'External form at /feedback' })
      .waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('above tier 0 Settings offers Open Support Ticket (the configured form) and the Scanners tab', async () => {
    const { page, baseUrl } = browser;
    const setTier = await server.cli(['admin', 'set-tier', email, '1']);
    expect(setTier.code, setTier.output).toBe(0);
    await page.goto(`${baseUrl}/settings`);
    expect(await page.getByRole('textbox', { name: 'Tier', exact: true }).inputValue()).toBe('Basic');
    await page.getByRole('tab', { name: 'Scanners' }).waitFor();
    await screenshot(page, 'settings-account-info-basic');
    await page.getByRole('button', { name: 'Open Support Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open Support Ticket' });
    await dialog.getByTitle('Support ticket form').waitFor();
    await page
      .frameLocator('iframe[title="Support ticket form"]')
      .getByRole('heading', { name: 'External form at /support-ticket' })
      .waitFor();
    await screenshot(page, 'support-ticket-modal-external');
    await page.keyboard.press('Escape');
  });

  it('/support embeds the configured ticket form (paid tier)', async () => {
    const { page, baseUrl } = browser;
    await page.goto(`${baseUrl}/support`);
    const frame = page.getByTitle('Support ticket form');
    expect(await frame.getAttribute('src')).toBe(`${provider.origin}/support-ticket`);
    await page
      .frameLocator('iframe[title="Support ticket form"]')
      .getByRole('heading', { name: 'External form at /support-ticket' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    await screenshot(page, 'support-external');
  });
});
