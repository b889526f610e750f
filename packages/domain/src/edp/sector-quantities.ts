import type { AreaType } from '../functions/catalogue-contracts';
import { MAX_SECTOR_QUANTITY } from '../functions/project-contracts';

/**
 * Issue 35: how many of each sub-area an area type has in a new project ('2 torres, cada una 1
 * subterráneo + 12 pisos tipo + cubierta'), chosen in the wizard per area type. generateEdp repeats
 * each sub-area by it with the names it always gave ('Piso tipo 1' … 'Piso tipo 12'; one alone keeps
 * its name). Pure.
 */

/** A sub-area's chosen quantity, by its catalogue id. */
export type SectorQuantity = { id: number; quantity: number };

export type SectorQuantityRead = { ok: true; quantity: number } | { ok: false; error: string };

/** The wizard's field: a whole number from 0 to MAX_SECTOR_QUANTITY, with the Spanish error otherwise. */
export function readSectorQuantity(text: string): SectorQuantityRead {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'Escribe una cantidad (0 si no tiene)' };
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > MAX_SECTOR_QUANTITY) {
    return { ok: false, error: `Debe ser un número entero de 0 a ${MAX_SECTOR_QUANTITY}` };
  }
  return { ok: true, quantity: Number(trimmed) };
}

export type SectorQuantitiesResult<T> = { ok: true; areaType: T } | { ok: false; index: number };

/**
 * The area type with its sub-areas' quantities as chosen: a sub-area listed in `chosen` takes its
 * quantity, one not listed keeps the catalogue's; the input is left as it is. A chosen id that is not
 * one of the area type's sub-areas (the catalogue changed since the wizard loaded it) is refused by its
 * place in `chosen`.
 */
export function withSectorQuantities<T extends Pick<AreaType, 'sectores'>>(
  areaType: T,
  chosen: readonly SectorQuantity[] | undefined,
): SectorQuantitiesResult<T> {
  if (chosen === undefined || chosen.length === 0) return { ok: true, areaType };
  const byId = new Map<number, number>();
  for (const [index, entry] of chosen.entries()) {
    if (!areaType.sectores.some((sector) => sector.id === entry.id)) return { ok: false, index };
    byId.set(entry.id, entry.quantity);
  }
  return {
    ok: true,
    areaType: {
      ...areaType,
      sectores: areaType.sectores.map((sector) =>
        byId.has(sector.id) ? { ...sector, quantity: byId.get(sector.id) as number } : sector,
      ),
    },
  };
}
