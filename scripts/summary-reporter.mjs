// Prints the closing lines after vitest's own report, so a CI reading closing lines sees every tier
// in one place: one line per project (tier) with its wall time — from its first file's start to its
// last file's end; the tiers before e2e run side by side on the same workers, e2e after them — its
// files and its tests, then the whole run's wall time, then the totals line, "Tests: N passed, N failed".

/** @param {number} ms a duration in milliseconds, as '850 ms', '12.3 s' or '4 min 05 s' */
export function formatDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * @typedef {object} TierFigures
 * @property {string} name the project's name
 * @property {number} wallMs from its first file's start to its last file's end
 * @property {number} files
 * @property {number} passed
 * @property {number} failed
 * @property {number} skipped
 */

/**
 * The closing lines: one per tier, the run's wall time, and the totals line (its format is what CI
 * reads: keep it).
 * @param {TierFigures[]} tiers
 * @param {number} totalMs
 * @returns {string[]}
 */
export function closingLines(tiers, totalMs) {
  const width = Math.max(0, ...tiers.map((tier) => tier.name.length));
  const lines = tiers.map((tier) => {
    const tests = tier.passed + tier.failed + tier.skipped;
    const skipped = tier.skipped > 0 ? `, ${tier.skipped} skipped` : '';
    return (
      `Tier ${tier.name.padEnd(width)}  ${formatDuration(tier.wallMs).padStart(10)}  ${tier.files} files, ` +
      `${tests} tests: ${tier.passed} passed, ${tier.failed} failed${skipped}`
    );
  });
  const passed = tiers.reduce((sum, tier) => sum + tier.passed, 0);
  const failed = tiers.reduce((sum, tier) => sum + tier.failed, 0);
  const skipped = tiers.reduce((sum, tier) => sum + tier.skipped, 0);
  const tail = skipped > 0 ? `, ${skipped} skipped` : '';
  return [...lines, `Run wall time: ${formatDuration(totalMs)}`, `Tests: ${passed} passed, ${failed} failed${tail}`];
}

export default class SummaryReporter {
  /** @param {{ now?: () => number }} [options] `now`: the clock in ms (tests give their own) */
  constructor(options) {
    this.now = typeof options?.now === 'function' ? options.now : () => performance.now();
    this.runStart = this.now();
    /** @type {Map<string, { start: number, end: number }>} project name → its first start and last end */
    this.spans = new Map();
  }

  onTestRunStart() {
    this.runStart = this.now();
  }

  /** @param {{ project: { name: string } }} testModule */
  onTestModuleStart(testModule) {
    const now = this.now();
    const span = this.spans.get(testModule.project.name);
    if (span === undefined) this.spans.set(testModule.project.name, { start: now, end: now });
    else span.start = Math.min(span.start, now);
  }

  /** @param {{ project: { name: string } }} testModule */
  onTestModuleEnd(testModule) {
    const now = this.now();
    const span = this.spans.get(testModule.project.name);
    if (span === undefined) this.spans.set(testModule.project.name, { start: now, end: now });
    else span.end = Math.max(span.end, now);
  }

  onTestRunEnd(testModules) {
    /** @type {Map<string, TierFigures>} */
    const tiers = new Map();
    for (const testModule of testModules) {
      const name = testModule.project.name;
      let tier = tiers.get(name);
      if (tier === undefined) {
        const span = this.spans.get(name);
        tier = { name, wallMs: span ? span.end - span.start : 0, files: 0, passed: 0, failed: 0, skipped: 0 };
        tiers.set(name, tier);
      }
      tier.files += 1;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') tier.passed += 1;
        else if (state === 'failed') tier.failed += 1;
        else tier.skipped += 1;
      }
    }
    // in the order they started
    const started = (name) => this.spans.get(name)?.start ?? Infinity;
    const ordered = [...tiers.values()].sort((a, b) => started(a.name) - started(b.name));
    const lines = closingLines(ordered, this.now() - this.runStart);
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
