import { describe, expect, it } from 'vitest';
import SummaryReporter, { closingLines, formatDuration } from './summary-reporter.mjs';

describe('formatDuration', () => {
  it('says milliseconds, seconds or minutes', () => {
    expect(formatDuration(850.4)).toBe('850 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(245_000)).toBe('4 min 05 s');
  });
});

describe('closingLines', () => {
  it('gives each tier its wall time, files and tests, then the run, then the totals line', () => {
    const lines = closingLines(
      [
        { name: 'web', wallMs: 95_000, files: 2, passed: 10, failed: 1, skipped: 0 },
        { name: 'e2e', wallMs: 400_000, files: 3, passed: 7, failed: 0, skipped: 2 },
      ],
      500_000,
    );
    expect(lines).toEqual([
      'Tier web  1 min 35 s  2 files, 11 tests: 10 passed, 1 failed',
      'Tier e2e  6 min 40 s  3 files, 9 tests: 7 passed, 0 failed, 2 skipped',
      'Run wall time: 8 min 20 s',
      'Tests: 17 passed, 1 failed, 2 skipped',
    ]);
  });

  it('keeps the totals line exactly as CI reads it when nothing was skipped', () => {
    const lines = closingLines([{ name: 'domain', wallMs: 10, files: 1, passed: 3, failed: 0, skipped: 0 }], 10);
    expect(lines.at(-1)).toBe('Tests: 3 passed, 0 failed');
  });
});

describe('SummaryReporter', () => {
  /** A test module as vitest's reporter API hands it: its project's name, its tests' states. */
  const moduleOf = (project: string, states: string[]) => ({
    project: { name: project },
    children: { allTests: () => states.map((state) => ({ result: () => ({ state }) })) },
  });

  it('measures each tier from its first file started to its last file ended, and prints them in that order', () => {
    let clock = 1000;
    const reporter = new SummaryReporter({ now: () => clock });
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((text: string) => (written.push(text), true)) as typeof process.stdout.write;
    const web1 = moduleOf('web', ['passed', 'passed']);
    const web2 = moduleOf('web', ['failed']);
    const e2e = moduleOf('e2e', ['passed', 'skipped']);
    try {
      clock = 2000;
      reporter.onTestRunStart();
      reporter.onTestModuleStart(web1);
      clock = 2500;
      reporter.onTestModuleStart(web2);
      clock = 14_000;
      reporter.onTestModuleEnd(web2);
      clock = 32_000;
      reporter.onTestModuleEnd(web1);
      reporter.onTestModuleStart(e2e);
      clock = 92_000;
      reporter.onTestModuleEnd(e2e);
      clock = 93_000;
      reporter.onTestRunEnd([e2e, web1, web2]);
    } finally {
      process.stdout.write = write;
    }
    expect(written.join('').split('\n')).toEqual([
      '',
      'Tier web      30.0 s  2 files, 3 tests: 2 passed, 1 failed',
      'Tier e2e  1 min 00 s  1 files, 2 tests: 1 passed, 0 failed, 1 skipped',
      'Run wall time: 1 min 31 s',
      'Tests: 3 passed, 1 failed, 1 skipped',
      '',
    ]);
  });
});
