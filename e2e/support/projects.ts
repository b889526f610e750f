import type { Locator, Page } from 'playwright-core';
import { callFunction, signInApi } from './api';
import type { CatalogueRecord } from './catalogues';
import { CatalogueApi } from './catalogues';
import type { SignedInSession } from './signed-in';

export type ProjectSummary = {
  _id: string;
  id: string;
  name: string;
  code: string;
  currency: string;
  budget: string;
  mine: boolean;
  priority: string;
  startYear: string;
  endYear: string;
  workWeek: 'mon-fri' | 'mon-sat';
  /** the project's own version (updateProject's stale check) */
  version: number;
};

export type EdpItem = { id: number; parentId?: number; code: string; name: string };

export type LoadedProject = ProjectSummary & {
  template: string;
  tiposArea: { _id: string; name: string; quantity: number }[];
  edpItemCount: number;
  edp: { items: EdpItem[]; version: number };
};

/** Talks to the project functions as the signed-in administrator, to seed and to check what was stored. */
export class ProjectApi {
  private constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  static async forSession(session: SignedInSession): Promise<ProjectApi> {
    const cookie = await signInApi(session.server.url, session.admin.email, session.admin.password);
    return new ProjectApi(session.server.url, cookie);
  }

  /**
   * saveProject. Seeded projects are 'Sin secuencia' unless the spec chooses (issue 13 made 'Tren de
   * actividades' the default): the specs written before it check Gantts without generated links.
   */
  async save(project: Record<string, unknown>): Promise<LoadedProject> {
    const result = await callFunction<{ project: LoadedProject }>(
      this.baseUrl,
      'saveProject',
      { project: { sequencing: 'none', ...project } },
      this.cookie,
    );
    return result.project;
  }

  async list(): Promise<ProjectSummary[]> {
    const result = await callFunction<{ projects: ProjectSummary[] }>(this.baseUrl, 'loadProjects', null, this.cookie);
    return result.projects;
  }

  async load(id: string): Promise<LoadedProject> {
    const result = await callFunction<{ project: LoadedProject }>(this.baseUrl, 'loadProject', { id }, this.cookie);
    return result.project;
  }

  /** updateProject: what 'Editar proyecto' sends (someone else editing, in the version-conflict tests). */
  async update(id: string, project: Record<string, unknown>, version: number): Promise<LoadedProject> {
    const result = await callFunction<{ project: LoadedProject }>(
      this.baseUrl,
      'updateProject',
      { id, project, version },
      this.cookie,
    );
    return result.project;
  }

  async findByCode(code: string): Promise<ProjectSummary | undefined> {
    return (await this.list()).find((project) => project.code === code);
  }
}

/** The catalogue's area type 'TOR Torre' with the sub-area 'PIS Piso' × `pisos`. */
export async function saveTorreAreaType(session: SignedInSession, pisos = 2): Promise<CatalogueRecord> {
  const catalogues = await CatalogueApi.forSession(session);
  return catalogues.save('tipos-area', {
    code: 'TOR',
    name: 'Torre',
    priority: 1,
    sectores: [{ code: 'PIS', name: 'Piso', quantity: pisos, priority: 1 }],
  });
}

export type AreaTypeProjectOptions = {
  /** default 'Edificio Los Aromos' */
  name?: string;
  /** default 'ELA' */
  code?: string;
  /** how many Torre the project has (default 2) */
  torres?: number;
  /** Piso sub-areas per Torre when the area type is saved here (default 2) */
  pisos?: number;
  /** start and end year; none: the project's defaults */
  year?: string;
  /** an area type already in the catalogue (saveTorreAreaType's) instead of saving one here */
  areaType?: CatalogueRecord;
};

/**
 * A project (CLP, budget 1.000.000) of `torres` × the area type Torre with `pisos` × Piso, saved
 * in the catalogue first unless given: its generated EDP is {code} · {code}.1 · {code}.1.1 … .
 * Answers the project as loadProject gives it.
 */
export async function seedAreaTypeProject(
  session: SignedInSession,
  options: AreaTypeProjectOptions = {},
): Promise<LoadedProject> {
  const { name = 'Edificio Los Aromos', code = 'ELA', torres = 2, pisos = 2, year } = options;
  const areaType = options.areaType ?? (await saveTorreAreaType(session, pisos));
  const projects = await ProjectApi.forSession(session);
  const saved = await projects.save({
    name,
    code,
    currency: 'CLP',
    budget: '1000000',
    ...(year === undefined ? {} : { startYear: year, endYear: year }),
    tiposArea: [{ ...areaType, quantity: torres }],
  });
  return projects.load(saved._id);
}

/** The id of the project's EDP item with this code; throws when its EDP has none. */
export function edpItemId(project: Pick<LoadedProject, 'edp'>, code: string): number {
  const item = project.edp.items.find((candidate) => candidate.code === code);
  if (!item) throw new Error(`the EDP has no ${code}`);
  return item.id;
}

/** The wizard's step buttons in its progress bar. */
export function stepButton(page: Page, name: 'Datos básicos' | 'Datos financieros' | 'Resumen'): Locator {
  return page.getByRole('button', { name, exact: true });
}

export function wizardButton(page: Page, name: 'Anterior' | 'Siguiente' | 'Crear proyecto'): Locator {
  return page.getByRole('button', { name, exact: true });
}

/** The label → value pairs of the wizard's summary (a <dl>). */
export async function summaryPairs(page: Page): Promise<Record<string, string>> {
  return page.locator('dl').evaluate((list) => {
    const pairs: Record<string, string> = {};
    let label = '';
    for (const element of Array.from(list.querySelectorAll('dt, dd'))) {
      const text = (element.textContent ?? '').trim();
      if (element.tagName === 'DT') label = text;
      else pairs[label] = text;
    }
    return pairs;
  });
}

/** The sidebar (main navigation). */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Navegación principal' }).first();
}

export function breadcrumbs(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Ruta de navegación' });
}
