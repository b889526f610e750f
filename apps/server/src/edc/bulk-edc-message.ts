import { formatNumber } from '@cimiento/domain';

/**
 * The message of a bulk EDC call: "Componente asignado a 123 ítems; 2 omitidos",
 * "EDC copiado a 1 ítem; 1 componente omitido", "Componente quitado de 5 ítems".
 */
export function bulkEdcMessage(done: string, changed: number, skipped: number, skippedWord: string): string {
  const items = `${done} ${formatNumber(changed)} ${changed === 1 ? 'ítem' : 'ítems'}`;
  if (skipped === 0) return items;
  // "omitido" → "omitidos", "componente omitido" → "componentes omitidos"
  const words = skipped === 1 ? skippedWord : skippedWord.replace(/(\S+)/g, '$1s');
  return `${items}; ${formatNumber(skipped)} ${words}`;
}
