import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import type { Locator, Page } from 'playwright-core';

/**
 * The four MS Project / ProjectLibre files in the shared data folder (../shared/data/mspdi from the
 * main checkout, /work/shared/data/mspdi from a worktree), and what each file says, read here with a
 * plain XML parser (never the product's own parser: the file is the oracle).
 */

export const MSPDI_SAMPLES = [
  'mpxj-task-links-project2007-mspdi.xml',
  'mpxj-mspdirelations.xml',
  'mpxj-legacy-sample.xml',
  'projectlibre-new-product.xml',
] as const;
export type MspdiSample = (typeof MSPDI_SAMPLES)[number];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The folder holding the samples: CIMIENTO_SHARED_DATA (the shared data folder, or its mspdi
 * folder) when set, else the first `shared/data/mspdi` found walking up from the repository.
 */
export function mspdiSamplesDir(): string {
  const fromEnv = process.env.CIMIENTO_SHARED_DATA;
  if (fromEnv) {
    for (const candidate of [path.join(fromEnv, 'mspdi'), fromEnv]) {
      if (existsSync(path.join(candidate, MSPDI_SAMPLES[0]))) return candidate;
    }
    throw new Error(`CIMIENTO_SHARED_DATA=${fromEnv} no tiene los archivos MSPDI de muestra`);
  }
  for (let dir = repoRoot; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'data', 'mspdi');
    if (existsSync(path.join(candidate, MSPDI_SAMPLES[0]))) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(
    `No se encontró shared/data/mspdi sobre ${repoRoot}: define CIMIENTO_SHARED_DATA con la carpeta de datos compartidos`,
  );
}

export function mspdiSamplePath(sample: MspdiSample): string {
  return path.join(mspdiSamplesDir(), sample);
}

export type FileTask = {
  uid: number;
  name: string;
  outlineLevel: number;
  /** YYYY-MM-DDTHH:mm:ss as stored */
  start: string;
  finish: string;
  summary: boolean;
  milestone: boolean;
};

export type MspdiFacts = {
  /** the project row's name (UID 0 at outline level 0), else the file's Name/Title */
  projectName: string;
  /** the file's tasks, without MS Project's project row */
  tasks: FileTask[];
  summaryCount: number;
  milestoneCount: number;
  linkCount: number;
  /** the calendar's working-day start ('08:00:00'): a finish stored at it ends the day before */
  dayStart: string;
};

type RawTask = Record<string, unknown> & { PredecessorLink?: unknown[] };

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Zero working time: PT0H0M0S (or any all-zero PT…). */
function isZeroDuration(duration: string): boolean {
  return /^PT/.test(duration) && !/[1-9]/.test(duration);
}

/** What a sample file holds, by the format's rules (summary = has children by outline; milestone = zero duration). */
export function readMspdiFacts(sample: MspdiSample): MspdiFacts {
  const xml = readFileSync(mspdiSamplePath(sample), 'utf8');
  const parsed = new XMLParser({
    parseTagValue: false,
    isArray: (name) => name === 'Task' || name === 'PredecessorLink',
  }).parse(xml) as {
    Project: { Name?: string; Title?: string; DefaultStartTime?: string; Tasks?: { Task?: RawTask[] } };
  };
  const project = parsed.Project;
  const raw = (project.Tasks?.Task ?? []).filter((task) => text(task['UID']) !== '');
  const projectRow = raw.find((task) => text(task['UID']) === '0' && text(task['OutlineLevel']) === '0');
  const rows = raw.filter((task) => task !== projectRow);
  const tasks: FileTask[] = rows.map((task, index) => {
    const level = Number(text(task['OutlineLevel']) || '1');
    const next = rows[index + 1];
    const summary = next !== undefined && Number(text(next['OutlineLevel']) || '1') > level;
    return {
      uid: Number(text(task['UID'])),
      name: text(task['Name']),
      outlineLevel: level,
      start: text(task['Start']),
      finish: text(task['Finish']),
      summary,
      milestone: !summary && isZeroDuration(text(task['Duration'])),
    };
  });
  return {
    projectName: text(projectRow?.['Name']) || text(project.Name) || text(project.Title),
    tasks,
    summaryCount: tasks.filter((task) => task.summary).length,
    milestoneCount: tasks.filter((task) => task.milestone).length,
    linkCount: rows.reduce((count, task) => count + (task.PredecessorLink?.length ?? 0), 0),
    dayStart: text(project.DefaultStartTime) || '08:00:00',
  };
}

/** issue 34: a Primavera P6 file of the shared data's `p6` folder (the mspdi folder's sibling). */
export function p6FilePath(name: string): string {
  const file = path.join(path.dirname(mspdiSamplesDir()), 'p6', name);
  if (!existsSync(file)) throw new Error(`No se encontró ${file}: la carpeta p6 debe estar junto a mspdi`);
  return file;
}

/** The schedule import dialog's title and button (issues 14 and 34). */
export const IMPORT_TITLE = 'Importar programa (MS Project o Primavera P6)';

/** 'Proyectos' → 'Importar programa (…)': the open dialog. */
export async function openImport(page: Page): Promise<Locator> {
  await page.goto('/projects');
  await page.getByRole('heading', { level: 1, name: 'Lista de proyectos' }).waitFor();
  await page.getByRole('button', { name: IMPORT_TITLE }).click();
  const dialog = page.getByRole('dialog', { name: IMPORT_TITLE });
  await dialog.waitFor();
  return dialog;
}

/** The import preview's term → value pairs. */
export async function previewPairs(dialog: Locator): Promise<Record<string, string>> {
  const region = dialog.getByRole('region', { name: 'Contenido del archivo' });
  await region.waitFor();
  return region.locator('dl').evaluate((list) => {
    const pairs: Record<string, string> = {};
    for (const term of Array.from(list.querySelectorAll('dt'))) {
      pairs[(term.textContent ?? '').trim()] = (term.nextElementSibling?.textContent ?? '').trim();
    }
    return pairs;
  });
}
