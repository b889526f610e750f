import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Account } from './api';
import { createFirstAdmin, signInContext, uniqueAccount } from './api';
import { launchBrowser, newContext } from './browser';
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

/** A fresh installation whose first administrator is signed in (through the API) in a new page. */
export async function openAsFirstAdmin(prefix: string): Promise<SignedInSession> {
  const server = await startServer();
  const browser = await launchBrowser();
  const admin = uniqueAccount(prefix);
  await createFirstAdmin(server.url, admin);
  const context = await newContext(browser, server.url);
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
