import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';

const artifactsDir = resolve(import.meta.dirname, '..', 'artifacts');

export interface Browser {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close: () => Promise<void>;
}

export const laptop = { width: 1366, height: 800 };
export const phone = { width: 390, height: 844 };

/**
 * Debian's Chromium with a fresh profile (no shared cookies between browsers), pointed at the
 * run's server or at `baseUrl` (a server the test started itself).
 */
export async function openBrowser(viewport = laptop, baseUrl = inject('baseUrl')): Promise<Browser> {
  const profileDir = mkdtempSync(join(tmpdir(), 'ipam-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    baseUrl,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot to e2e/artifacts/<name>.png (kept by CI, ignored by git). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  // Let transitions settle so the picture shows what a user sees.
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** A fresh address for each sign-up, so tests never depend on each other. */
export function uniqueEmail(who: string): string {
  return `${who}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
