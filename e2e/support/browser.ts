import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eChromiumExecutablePath } from '../../scripts/find-chromium.mjs';

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/**
 * The Chromium scripts/find-chromium.mjs finds (CHROMIUM_PATH, else the usual Debian and Chrome
 * paths), headless, with the flags this machine's closed network needs.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: e2eChromiumExecutablePath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/** The browsers this spec file has open (failure-snapshot.ts shows their pages when a test fails). */
const launched = new Set<Browser>();

/** Every page open in this spec file's browsers, in the order they were opened. */
export function openPages(): Page[] {
  return [...launched].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
}

export { artifactsDir };

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1400, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Saves a screenshot under e2e/artifacts (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true, animations: 'disabled' });
}
