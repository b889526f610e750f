import { formatNumber } from '../format/money';
import type { EdcItem } from './generate-edc';

export const MAX_EDC_LIST_ITEMS = 10_000;

/**
 * Everything wrong with one EDP item's EDC list (issue 6's server-side rules), in Spanish, at most
 * `limit` messages: codes and names non-empty, codes unique within the list (without regard to
 * case), every parentCode naming an item of the same list or the EDP item itself, at most 10,000
 * items. An empty answer means the list is valid.
 */
export function validateEdcList(items: readonly EdcItem[], edpItemCode: string, limit = 20): string[] {
  const errors: string[] = [];
  const add = (message: string) => {
    if (errors.length < limit) errors.push(message);
  };
  if (items.length > MAX_EDC_LIST_ITEMS) {
    add(`El EDC tiene ${formatNumber(items.length)} ítems; el máximo es ${formatNumber(MAX_EDC_LIST_ITEMS)}`);
    return errors;
  }
  const codes = new Map<string, number>();
  items.forEach((item, index) => {
    const code = item.code.trim();
    if (code === '') add(`El ítem ${index + 1} del EDC no tiene código`);
    if (item.name.trim() === '') add(`El ítem ${code || index + 1} del EDC no tiene nombre`);
    if (code === '') return;
    const key = code.toLowerCase();
    if (codes.has(key)) add(`El código ${code} está repetido en el EDC`);
    else codes.set(key, index);
  });
  const edpKey = edpItemCode.trim().toLowerCase();
  for (const item of items) {
    const parentKey = item.parentCode.trim().toLowerCase();
    if (parentKey === item.code.trim().toLowerCase() && parentKey !== '') {
      add(`El ítem ${item.code} no puede ser su propio padre`);
    } else if (parentKey !== edpKey && !codes.has(parentKey)) {
      add(
        `El padre ${item.parentCode || '(vacío)'} del ítem ${item.code} no está en el EDC ni es el ítem ${edpItemCode}`,
      );
    }
  }
  return errors;
}
