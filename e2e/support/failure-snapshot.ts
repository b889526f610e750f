import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { artifactsDir, openPages } from './browser';

/**
 * When a browser test fails, what each open page showed at that moment: a screenshot under
 * e2e/artifacts (failed-<test>-<n>.png) and, in the test's output, the page's address and its
 * accessibility tree (Playwright's ARIA snapshot, cut at 10,000 characters). A failure that happens
 * once in a full run (a dialog not found, a form not shown) can then be read from the CI log
 * instead of guessed. It changes nothing in a test that passes.
 */
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const slug = context.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
  mkdirSync(artifactsDir, { recursive: true });
  const pages = openPages().filter((page) => !page.isClosed());
  for (const [index, page] of pages.entries()) {
    const file = path.join(artifactsDir, `failed-${slug}-${index + 1}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 10_000 });
      const snapshot = await page.locator('body').ariaSnapshot({ timeout: 10_000 });
      const hidden = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body > [aria-hidden="true"]')).map(
          (element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`,
        ),
      );
      const cut =
        snapshot.length > 10_000 ? `${snapshot.slice(0, 10_000)}\n… (${snapshot.length} caracteres)` : snapshot;
      console.error(
        `\n[e2e] Página ${index + 1} de ${pages.length} al fallar «${context.task.name}»: ${page.url()}\n` +
          `captura: ${path.relative(process.cwd(), file)}\n` +
          (hidden.length > 0 ? `aria-hidden en: ${hidden.join(', ')}\n` : '') +
          cut,
      );
    } catch (error) {
      console.error(`[e2e] No se pudo capturar la página ${index + 1}: ${(error as Error).message}`);
    }
  }
});
