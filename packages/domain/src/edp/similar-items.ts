import type { EdpItem } from './generate-edp';

/**
 * 'Seleccionar similares' in the EDC screen (issue 13): the EDP items of the same kind as one
 * item, e.g. every 'Piso tipo n' of every 'Edificio habitacional k': the same sub-area of the same
 * area type. The EDP keeps no link to the catalogue, so the kind is read from the tree the wizard
 * generated (domain.md: a repeated item's name is its sub-area's or area type's name followed by
 * ` {i}`): same depth, same name without that running number, and a parent of the same kind.
 * Names compare without case, accents or extra spaces. Pure.
 */

/** A name without its running number: 'Piso tipo 12' → 'piso tipo'; accents and case folded. */
export function edpNameStem(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s+\d+$/, '');
}

/** The ids of the items of the same kind as `id` (itself included), in EDP order; [] when it is unknown. */
export function similarEdpItems(items: readonly EdpItem[], id: number): number[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const kindOf = new Map<number, string>();
  const kind = (item: EdpItem): string => {
    const known = kindOf.get(item.id);
    if (known !== undefined) return known;
    // iterative up the parents (deep trees), then down filling the cache
    const chain: EdpItem[] = [];
    let current: EdpItem | undefined = item;
    const seen = new Set<number>();
    while (current && !kindOf.has(current.id) && !seen.has(current.id)) {
      seen.add(current.id);
      chain.push(current);
      current = current.parentId === undefined ? undefined : byId.get(current.parentId);
    }
    let parentKind = current ? (kindOf.get(current.id) ?? '') : '';
    for (let index = chain.length - 1; index >= 0; index -= 1) {
      const link = chain[index] as EdpItem;
      parentKind = `${parentKind}/${edpNameStem(link.name)}`;
      kindOf.set(link.id, parentKind);
    }
    return kindOf.get(item.id) as string;
  };
  const target = byId.get(id);
  if (!target) return [];
  const wanted = kind(target);
  return items.filter((item) => kind(item) === wanted).map((item) => item.id);
}
