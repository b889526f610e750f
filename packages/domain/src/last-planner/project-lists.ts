/**
 * Issue 36: the project's own lists (the constraint types, the causes of non-fulfilment). Each
 * project starts with the product's default list and may edit it; the rules take the project's list
 * and never the default. A record keeps the text it was given, so an item later removed from the
 * list stays on the records that used it (the Pareto still counts it, ppc.ts).
 */

export const MAX_PROJECT_LIST_ITEMS = 30;
export const MAX_PROJECT_LIST_ITEM_LENGTH = 60;

/** Case and accents aside: 'diseño' and 'Diseno' are the same item. */
export function listItemKey(item: string): string {
  return item.trim().normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es-CL');
}

/**
 * What is wrong with a project's list as edited, one Spanish sentence per problem naming the row
 * (1-based) as the screen shows it: none, too many, an empty or too long item, an item twice (case
 * and accents aside). `label` is the list's name as the screen says it ('Tipos de restricción').
 */
export function projectListErrors(items: readonly string[], label: string): string[] {
  const errors: string[] = [];
  if (items.length === 0) errors.push(`${label}: la lista necesita al menos un elemento`);
  if (items.length > MAX_PROJECT_LIST_ITEMS)
    errors.push(`${label}: la lista puede tener como máximo ${MAX_PROJECT_LIST_ITEMS} elementos`);
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const row = index + 1;
    const text = item.trim();
    if (text === '') {
      errors.push(`${label}, fila ${row}: no puede estar vacío`);
      return;
    }
    if (text.length > MAX_PROJECT_LIST_ITEM_LENGTH)
      errors.push(`${label}, fila ${row}: debe tener como máximo ${MAX_PROJECT_LIST_ITEM_LENGTH} caracteres`);
    const key = listItemKey(text);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row);
    else errors.push(`${label}, fila ${row}: «${text}» ya está en la fila ${first}`);
  });
  return errors;
}

/** The list's own spelling of `typed` (case and accents aside), or undefined when it is not in the list. */
export function findListItem(list: readonly string[], typed: string): string | undefined {
  const key = listItemKey(typed);
  if (key === '') return undefined;
  return list.find((item) => listItemKey(item) === key)?.trim();
}
