import type { HistoryArea } from '../functions/collaboration-contracts';

/**
 * What a save did, as the notifications and the live banner say it after the person's name
 * (issue 19): 'Carla Planificadora grabó el Gantt'. By the callable function that saved; a
 * function not listed here is told by its area.
 */
const verbByFunction: Readonly<Record<string, string>> = {
  saveProject: 'creó el proyecto',
  updateProject: 'editó el proyecto',
  saveEdp: 'grabó el EDP',
  updateItemEdp: 'editó un ítem del EDP',
  importEdp: 'importó el EDP',
  importProject: 'importó el proyecto',
  saveEdc: 'grabó la EDC',
  assignEdc: 'asignó la EDC',
  copyEdc: 'copió la EDC',
  unassignEdc: 'quitó la EDC',
  saveGantt: 'grabó el Gantt',
  importGantt: 'importó el Gantt',
  regenerateGanttSequence: 'regeneró la secuencia del Gantt',
  saveBaseline: 'fijó una línea base',
  chooseBaseline: 'eligió la línea base',
  removeBaseline: 'eliminó una línea base',
  saveProgress: 'registró avance',
  importProgress: 'importó avance',
  updateAsScheduled: 'actualizó el avance según lo programado',
  saveActualCost: 'registró costos reales',
  saveEstadoPago: 'grabó un estado de pago',
  approveEstadoPago: 'aprobó un estado de pago',
  removeEstadoPago: 'eliminó un estado de pago',
  saveEstadoPagoSettings: 'cambió las condiciones de pago',
  saveUfValues: 'grabó valores UF',
  // issue 30: the 'Papelera'
  removeProject: 'envió el proyecto a la Papelera',
  restoreProject: 'restauró el proyecto desde la Papelera',
  // issue 36: 'Miembros'
  saveMember: 'cambió los miembros del proyecto',
  removeMember: 'quitó a un miembro del proyecto',
  saveCompany: 'cambió las empresas del proyecto',
  removeCompany: 'eliminó una empresa del proyecto',
  // issue 36: the Last Planner System
  saveLastPlannerSettings: 'cambió la configuración del Last Planner',
  saveTaskCompany: 'asignó empresas a tareas',
  saveConstraint: 'grabó una restricción',
  removeConstraint: 'eliminó una restricción',
  saveCommitment: 'tomó un compromiso del plan semanal',
  removeCommitment: 'retiró un compromiso del plan semanal',
  closeCommitment: 'cerró un compromiso del plan semanal',
  transferCommitments: 'pasó los compromisos cumplidos al avance',
};

const verbByArea: Readonly<Record<HistoryArea, string>> = {
  project: 'editó el proyecto',
  edp: 'grabó el EDP',
  edc: 'grabó la EDC',
  gantt: 'grabó el Gantt',
  tracking: 'registró avance',
  costs: 'grabó los costos',
  lastPlanner: 'trabajó el Last Planner',
};

/** 'grabó el Gantt', 'fijó una línea base', … for a save by `functionName` in `area`. */
export function historyChangeVerb(functionName: string, area: string): string {
  if (Object.hasOwn(verbByFunction, functionName)) return verbByFunction[functionName] as string;
  return Object.hasOwn(verbByArea, area) ? verbByArea[area as HistoryArea] : 'cambió el proyecto';
}
