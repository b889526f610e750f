import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Account } from './api';
import { createFirstAdmin, signInContext, uniqueAccount } from './api';
import { launchBrowser, newContext } from './browser';
import type { TestClock } from './clock';
import { REAL_CLOCK, setBrowserClock } from './clock';
import type { RunningServer } from './server';
import { startServer } from './server';

export type SignedInSession = {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  admin: Account;
  close: () => Promise<void>;
};

/**
 * A fresh installation whose first administrator is signed in (through the API) in a new page; on
 * `clock`'s day (issue 30: the server and the browser both), the real one by default.
 */
export async function openAsFirstAdmin(prefix: string, clock: TestClock = REAL_CLOCK): Promise<SignedInSession> {
  const server = await startServer({}, undefined, { now: clock.instant });
  const browser = await launchBrowser();
  const admin = uniqueAccount(prefix);
  await createFirstAdmin(server.url, admin);
  const context = await newContext(browser, server.url);
  await setBrowserClock(context, clock);
  await signInContext(context, server.url, admin.email, admin.password);
  const page = await context.newPage();
  return {
    server,
    browser,
    context,
    page,
    admin,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
