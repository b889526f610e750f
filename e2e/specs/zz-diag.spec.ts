import { writeFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { callFunction, signInContext } from '../support/api';
import { newContext } from '../support/browser';
import { seedGanttProject } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

let session: SignedInSession;
let projectId = '';
beforeAll(async () => {
  session = await openAsFirstAdmin('diag');
  const seeded = await seedGanttProject(session, ['ELA.1.1']);
  projectId = seeded.project._id;
  await callFunction(session.server.url, 'seedCatalogues', null, seeded.cookie);
});
afterAll(async () => session?.close());

async function run(page: Page) {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').flatMap((v: any) => v.nodes.map((n: any) => ({ id: v.id, target: n.target.join(' '), html: n.html.slice(0, 160), data: n.any[0]?.data ?? n.all[0]?.data ?? null, msg: (n.any[0]?.message ?? n.all[0]?.message ?? n.none[0]?.message ?? '') })));
  });
}

it('diag', async () => {
  const out: Record<string, { routes: string[]; html: string; msg: string }> = {};
  const routes = (process.env.DIAG_ROUTES ?? '/home').split(',').map((r) => r.replace('{id}', projectId));
  for (const dark of [false, true]) {
    const context = await newContext(session.browser, session.server.url);
    await context.addInitScript((d) => localStorage.setItem('cimiento-settings', JSON.stringify({ state: { isDarkMode: d, sidebarColor: process.env.X ?? 'success' }, version: 1 })), dark);
    if (!process.env.SIGNED_OUT) await signInContext(context, session.server.url, session.admin.email, session.admin.password);
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(1500);
      for (const n of await run(page)) {
        const d = n.data ? `${n.data.fgColor} on ${n.data.bgColor} ${n.data.contrastRatio} ${n.data.fontSize} ${n.data.fontWeight}` : '';
        const key = `${n.id} | ${d} | ${n.html.replace(/css-[a-z0-9]+/g, '').slice(0, 110)}`;
        (out[key] ??= { routes: [], html: n.html, msg: n.msg }).routes.push(`${route.replace(projectId, '{id}')}${dark ? ' D' : ' L'}`);
      }
    }
    await context.close();
  }
  writeFileSync(process.env.DIAG_OUT ?? '/tmp/a11y-diag.json', JSON.stringify(out, null, 1));
});
