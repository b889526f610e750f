import { MAX_EDP_ITEMS, countGeneratedEdp, readSectorQuantity } from '@cimiento/domain';
import type { AreaType, Sector, SectorQuantity } from '@cimiento/domain';
import type { ProjectDraft } from '../stores/project-wizard-store';

/**
 * Issue 35: the wizard's areas and how many of each sub-area they have ('2 torres, cada una 1
 * subterráneo + 12 pisos tipo + cubierta'), and the size of the EDP they generate, shown before the
 * project is created. The server checks the same (saveProject's `sectorQuantities`, MAX_EDP_ITEMS).
 */

type DraftQuantities = Pick<ProjectDraft, 'template' | 'quantities' | 'sectorQuantities'>;

/** A sub-area's quantity as the field shows it: as typed, else the catalogue's. */
export function sectorQuantityText(draft: DraftQuantities, areaType: AreaType, sector: Sector): string {
  return draft.sectorQuantities[areaType._id]?.[sector.id] ?? String(sector.quantity);
}

/** The field's Spanish error ('' when it reads). */
export function sectorQuantityError(draft: DraftQuantities, areaType: AreaType, sector: Sector): string {
  const read = readSectorQuantity(sectorQuantityText(draft, areaType, sector));
  return read.ok ? '' : read.error;
}

/** The area types the EDP gets: generica's, with a quantity above 0. */
export function chosenAreaTypes(draft: DraftQuantities, areaTypes: readonly AreaType[]): AreaType[] {
  if (draft.template !== 'generica') return [];
  return areaTypes.filter((areaType) => (draft.quantities[areaType._id] ?? 0) > 0);
}

/** Each sub-area of a chosen area type with its quantity (one that does not read counts as the catalogue's). */
export function sectorQuantitiesOf(draft: DraftQuantities, areaType: AreaType): SectorQuantity[] {
  return areaType.sectores.map((sector) => {
    const read = readSectorQuantity(sectorQuantityText(draft, areaType, sector));
    return { id: sector.id, quantity: read.ok ? read.quantity : sector.quantity };
  });
}

/** How many EDP items creating the project will generate (the root included). */
export function generatedEdpCount(draft: DraftQuantities, areaTypes: readonly AreaType[]): number {
  const tiposArea = chosenAreaTypes(draft, areaTypes).map((areaType) => {
    const quantities = new Map(sectorQuantitiesOf(draft, areaType).map((entry) => [entry.id, entry.quantity]));
    return {
      quantity: draft.quantities[areaType._id] ?? 0,
      sectores: areaType.sectores.map((sector) => ({ quantity: quantities.get(sector.id) ?? sector.quantity })),
    };
  });
  return countGeneratedEdp(draft.template, tiposArea);
}

/** Step 1's areas pass: every shown sub-area quantity reads and the EDP stays within MAX_EDP_ITEMS. */
export function isAreaPlanValid(draft: DraftQuantities, areaTypes: readonly AreaType[]): boolean {
  const fieldsRead = chosenAreaTypes(draft, areaTypes).every((areaType) =>
    areaType.sectores.every((sector) => sectorQuantityError(draft, areaType, sector) === ''),
  );
  return fieldsRead && generatedEdpCount(draft, areaTypes) <= MAX_EDP_ITEMS;
}

/** The summary's line for an area type's sub-areas: 'Subterráneo × 1, Piso tipo × 12, Cubierta × 1'. */
export function sectorsSummary(draft: DraftQuantities, areaType: AreaType): string {
  const quantities = new Map(sectorQuantitiesOf(draft, areaType).map((entry) => [entry.id, entry.quantity]));
  return areaType.sectores.map((sector) => `${sector.name} × ${quantities.get(sector.id) ?? 0}`).join(', ');
}
