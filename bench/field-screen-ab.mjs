// A/B of the field screen's first task card (field-screen.mjs's measure) between two builds on one
// machine, run pair by pair so load affects both alike. Prints figures, asserts nothing.
//
//   node bench/field-screen-ab.mjs <before>/apps/server/dist/main.js [after entry, default this checkout's]
//
// Each entry serves the web build beside it (apps/server/dist → apps/web/dist). Copy a build aside
// first, e.g. `mkdir -p .ab/before/apps && cp -r apps/server/dist .ab/before/apps/server/dist` (and web).
import { chromium } from 'playwright-core';
import { chromiumExecutablePath } from '../scripts/find-chromium.mjs';
import { fieldBoot, seedFieldProject } from './field-screen.mjs';
import { median, serverEntry, signUp, startApp } from './support.mjs';

const [beforeEntry, afterEntry = serverEntry] = process.argv.slice(2);
if (!beforeEntry) throw new Error('usage: node bench/field-screen-ab.mjs <before main.js> [after main.js]');
const runs = Number(process.env.BENCH_RUNS ?? 7);
const sides = [];
for (const [name, entry] of [
  ['before', beforeEntry],
  ['after', afterEntry],
]) {
  const app = await startApp({}, entry);
  const cookie = await signUp(app.url);
  const projectId = await seedFieldProject({ url: app.url, cookie });
  sides.push({ name, app, cookie, projectId, times: [] });
}
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath(),
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (let run = 0; run < runs; run += 1) {
    // alternate which side goes first
    const order = run % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      side.times.push((await fieldBoot(browser, side.app.url, side.cookie, side.projectId)).firstTaskMs);
    }
  }
  for (const side of sides) {
    const list = side.times.map((time) => time.toFixed(0)).join(', ');
    process.stdout.write(`field screen first card, ${side.name}: ${median(side.times).toFixed(0)} ms (${list})\n`);
  }
} finally {
  await browser.close();
  for (const side of sides) await side.app.stop();
}
