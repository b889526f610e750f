import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openGanttPage, seedGanttProject, toolbar } from '../support/gantt';
import type { SeededGantt } from '../support/gantt';
import type { SignedInSession } from '../support/signed-in';
import { openAsFirstAdmin } from '../support/signed-in';

describe('measure', () => {
  let session: SignedInSession;
  let page: Page;
  let seeded: SeededGantt;
  beforeAll(async () => {
    session = await openAsFirstAdmin('measure');
    page = session.page;
    seeded = await seedGanttProject(session, ['ELA.1']);
  });
  afterAll(async () => {
    await session?.close();
  });
  it('measures', async () => {
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      await openGanttPage(page, seeded.project, 5);
      const info = await toolbar(page).evaluate((node) => {
        const rows = [...node.children].map((r) => {
          const rect = r.getBoundingClientRect();
          const kids = [...r.children].map((k) => {
            const b = k.getBoundingClientRect();
            return `${(k.textContent ?? '').slice(0, 14)}:${Math.round(b.x)}+${Math.round(b.width)}@${Math.round(b.y)}`;
          });
          return `${Math.round(rect.width)}h${Math.round(rect.height)} ${kids.join(' | ')}`;
        });
        return rows.join('\n');
      });
      console.log(width, '\n' + info);
      await screenshot(page, `tmp-measure-${width}`);
    }
  });
});
