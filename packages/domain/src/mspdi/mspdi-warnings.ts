import { MAX_TASK_DURATION, MAX_TASK_NOTES } from '../functions/gantt-contracts';
import { MAX_LAG } from '../gantt/predecessors';
import { CONSTRAINT_NAMES, listNames } from './mspdi-format';

/** Names of tasks grouped by the kind of warning, in the order they are reported. */
export class Warnings {
  private readonly byKind = new Map<string, string[]>();
  private readonly plain: string[] = [];
  add(kind: string, name: string): void {
    const list = this.byKind.get(kind);
    if (list) list.push(name);
    else this.byKind.set(kind, [name]);
  }
  note(message: string): void {
    this.plain.push(message);
  }
  /** The sentences: `sentence(kind)` prefix + the names. */
  build(sentences: readonly (readonly [string, (names: string) => string])[]): string[] {
    const out = [...this.plain];
    for (const [kind, sentence] of sentences) {
      const names = this.byKind.get(kind);
      if (names && names.length > 0) out.push(sentence(listNames(names)));
    }
    return out;
  }
}

/** parseMspdi's warnings in the order they are reported, each a sentence with the tasks' names. */
export const WARNING_SENTENCES: readonly (readonly [string, (names: string) => string])[] = [
  ['rounded', (names) => `Se redondearon a días completos las duraciones de: ${names}.`],
  [
    'elapsed',
    (names) =>
      `Se convirtieron a días hábiles las duraciones transcurridas (días corridos) de: ${names}. Revisa sus duraciones.`,
  ],
  ['negative', (names) => `Las duraciones negativas se importaron como 0 (hito) en: ${names}.`],
  ['tooLong', (names) => `Se acortaron a ${MAX_TASK_DURATION} días hábiles las duraciones de: ${names}.`],
  ['badDuration', (names) => `No se pudo leer la duración de: ${names}; se importaron como hitos (duración 0).`],
  ...[1, 3, 5, 6, 7].map(
    (type) =>
      [
        `constraint${type}`,
        (names: string) =>
          `No se importan las restricciones «${CONSTRAINT_NAMES[type]}» de: ${names}; esas tareas se programan lo antes posible.`,
      ] as const,
  ),
  [
    'actuals',
    (names) =>
      `No se importan las fechas reales (comienzo o fin real) de: ${names}, porque no cumplen las reglas del avance (un fin real necesita su comienzo real y no puede ser anterior a él; un avance del 100 % necesita el fin real); sí se importa su porcentaje completado.`,
  ],
  ['costResource', (names) => `No se importan los recursos de costo (no tienen unidades en Cimiento): ${names}.`],
  [
    'resourceWorkingDays',
    (names) =>
      `Los calendarios de estos recursos tienen días laborables que el proyecto no trabaja (días o excepciones laborables); no se importan: en Cimiento un recurso trabaja solo en días hábiles del proyecto: ${names}.`,
  ],
  [
    'resourceNoWeekdays',
    (names) =>
      `Los calendarios de estos recursos no trabajan ningún día de la semana del proyecto; se importan con la semana del proyecto: ${names}.`,
  ],
  [
    'resourceCalendarCut',
    (names) => `Se importaron los primeros 200 rangos no laborables de los calendarios de: ${names}.`,
  ],
  [
    'tooManyResources',
    (names) => `Se importaron los primeros 20 recursos de: ${names}; el resto de sus asignaciones no se importa.`,
  ],
  [
    'taskCalendar',
    (names) => `No se importan los calendarios propios de: ${names}; se programan con el calendario del proyecto.`,
  ],
  ['split', (names) => `No se importan las divisiones (interrupciones) de: ${names}; se programan de forma continua.`],
  [
    'manual',
    (names) =>
      `Las tareas programadas manualmente conservan su comienzo del archivo como «Comienzo no antes del»; desde ahora Cimiento las programa automáticamente: ${names}.`,
  ],
  ['inactive', (names) => `Se omitieron las tareas inactivas (con las tareas bajo ellas y sus vínculos): ${names}.`],
  [
    'milestoneDuration',
    (names) => `Las tareas marcadas como hito se importaron como hitos (duración 0), aunque tenían duración: ${names}.`,
  ],
  ['recurring', (names) => `Las tareas periódicas se importan como tareas comunes, sin su periodicidad: ${names}.`],
  ['priority', (names) => `No se importan las prioridades de las tareas (Cimiento no las usa): ${names}.`],
  ['notesCut', (names) => `Se acortaron a ${MAX_TASK_NOTES} caracteres las notas de: ${names}.`],
  ['lagRounded', (names) => `Se redondearon a días completos los desfases de los vínculos hacia: ${names}.`],
  [
    'lagPercent',
    (names) =>
      `Se convirtieron a días los desfases en porcentaje (de la duración de la predecesora) de los vínculos hacia: ${names}.`,
  ],
  [
    'lagElapsed',
    (names) => `Se convirtieron a días hábiles los desfases transcurridos de los vínculos hacia: ${names}.`,
  ],
  ['lagClamped', (names) => `Se limitaron a ${MAX_LAG} días los desfases de los vínculos hacia: ${names}.`],
  [
    'unknownLink',
    (names) =>
      `Se omitieron los vínculos con tareas que no están en el archivo (o con la tarea de resumen del proyecto) de: ${names}.`,
  ],
  ['externalLink', (names) => `Se omitieron los vínculos con tareas de otros proyectos de: ${names}.`],
  ['selfLink', (names) => `Se omitieron los vínculos de una tarea consigo misma: ${names}.`],
  ['duplicateLink', (names) => `Se omitieron los vínculos repetidos entre las mismas tareas hacia: ${names}.`],
  ['badLinkType', (names) => `Se omitieron los vínculos de un tipo que MS Project no define: ${names}.`],
  [
    'badLagFormat',
    (names) => `Se omitieron los vínculos con un formato de desfase que MS Project no define: ${names}.`,
  ],
];
