import { formatDate, formatDateTime, formatIsoDate } from '../format/dates';
import { formatCount, formatNumber } from '../format/money';
import { noteChange } from './project-changes';
import type { ProjectChange } from './project-changes';

/**
 * The history's one-line summaries of the saves that are not a list of items or tasks (issue 19):
 * a project created, imported or edited, the Gantt's sequence regenerated, baselines, progress at a
 * cut-off, the actual cost and the estados de pago. The words are the product's ('Línea base',
 * 'Corte de avance', 'Estado de pago N° 3', 'Condiciones del contrato').
 */

/** One field of 'Editar proyecto' (or of the contract's conditions) that a save changed. */
export type FieldChange = { label: string; from: string; to: string };

export type ProjectEvent =
  | { kind: 'project-created'; name: string; code: string; edpItems: number }
  | { kind: 'project-imported'; name: string; code: string; edpItems: number; tasks: number; links: number }
  | { kind: 'project-edited'; changes: readonly FieldChange[] }
  | { kind: 'baseline-saved'; name: string; tasks: number }
  | { kind: 'baseline-removed'; name: string }
  | { kind: 'baseline-chosen'; name: string | null }
  | { kind: 'progress'; cutoff: string; tasks: number; imported: boolean; notes?: readonly string[] }
  | { kind: 'actual-cost'; cutoff: string; amount: string | null }
  | { kind: 'estado-pago-settings'; changes: readonly FieldChange[] }
  | { kind: 'estado-pago-saved'; number: number; cutoff: string; created: boolean }
  | { kind: 'estado-pago-approved'; number: number; cutoff: string }
  | { kind: 'estado-pago-removed'; number: number }
  // issue 30: the 'Papelera'
  | { kind: 'project-trashed'; name: string; code: string; holds: string; purgeAt: string }
  | { kind: 'project-restored'; name: string; code: string; deletedAt: string; deletedBy: string }
  // issue 36: members and companies ('Miembros'); roles and companies as the screen names them
  | {
      kind: 'member-saved';
      name: string;
      role: string;
      company: string | null;
      was?: { role: string; company: string | null };
    }
  | { kind: 'member-removed'; name: string; role: string }
  | { kind: 'company-saved'; name: string; rut: string; companyKind: string; created: boolean }
  | { kind: 'company-removed'; name: string; rut: string }
  // issue 36: the Last Planner System; tasks as 'código «nombre»', weeks by their Monday
  | { kind: 'last-planner-settings'; changes: readonly FieldChange[] }
  | { kind: 'task-company'; company: string | null; tasks: number; examples: readonly string[] }
  | {
      kind: 'constraint-saved';
      task: string;
      type: string;
      description: string;
      responsible: string;
      dueDate: string;
      created: boolean;
      /** 'released' / 'reopened' when the save changed the state */
      stateChange?: 'released' | 'reopened';
    }
  | { kind: 'constraint-removed'; task: string; type: string; description: string }
  | { kind: 'commitment-saved'; task: string; week: string; amount: string; company: string | null; created: boolean }
  | { kind: 'commitment-removed'; task: string; week: string; amount: string }
  | {
      kind: 'commitment-closed';
      task: string;
      week: string;
      amount: string;
      outcome: string | null;
      cause: string | null;
    }
  | { kind: 'commitments-transferred'; cutoff: string; tasks: number; commitments: number; skipped: number };

function changeNotes(changes: readonly FieldChange[]): string[] {
  return changes.map((change) => `${change.label}: «${change.from}» → «${change.to}»`);
}

function fieldList(changes: readonly FieldChange[]): string {
  return changes.map((change) => change.label.toLowerCase()).join(', ');
}

/** The entry of a save told by `event`. */
export function projectEventChange(event: ProjectEvent): ProjectChange {
  switch (event.kind) {
    case 'project-created':
      return noteChange(`Proyecto creado: «${event.name}» (${event.code})`, [
        `EDP generado con ${formatCount(event.edpItems, 'ítem', 'ítems')}`,
      ]);
    case 'project-imported':
      return noteChange(`Proyecto importado desde MS Project: «${event.name}» (${event.code})`, [
        `EDP de ${formatCount(event.edpItems, 'ítem', 'ítems')}`,
        `Gantt de ${formatCount(event.tasks, 'tarea', 'tareas')} y ${formatCount(event.links, 'vínculo', 'vínculos')}`,
      ]);
    case 'project-edited':
      return noteChange(
        event.changes.length === 0 ? 'Proyecto editado: sin cambios' : `Proyecto editado: ${fieldList(event.changes)}`,
        changeNotes(event.changes),
      );
    case 'baseline-saved':
      return noteChange(`Línea base «${event.name}» fijada`, [
        `Con las fechas de ${formatCount(event.tasks, 'tarea', 'tareas')}; queda como la línea base mostrada`,
      ]);
    case 'baseline-removed':
      return noteChange(`Línea base «${event.name}» eliminada`);
    case 'baseline-chosen':
      return event.name === null
        ? noteChange('Línea base: el Gantt no muestra ninguna')
        : noteChange(`Línea base «${event.name}» elegida para el Gantt`);
    case 'progress':
      return noteChange(
        `${event.imported ? 'Avance importado desde Excel' : 'Avance registrado'} al corte del ${formatIsoDate(event.cutoff)}: ${formatCount(event.tasks, 'tarea actualizada', 'tareas actualizadas')}`,
        event.notes ?? [],
      );
    case 'actual-cost':
      return event.amount === null
        ? noteChange(`Costo real al ${formatIsoDate(event.cutoff)} borrado`)
        : noteChange(`Costo real al ${formatIsoDate(event.cutoff)}: ${event.amount}`);
    case 'estado-pago-settings':
      return noteChange(
        event.changes.length === 0
          ? 'Condiciones del contrato grabadas: sin cambios'
          : `Condiciones del contrato grabadas: ${fieldList(event.changes)}`,
        changeNotes(event.changes),
      );
    case 'estado-pago-saved':
      return noteChange(
        `Estado de pago N°${formatNumber(event.number)} ${event.created ? 'creado' : 'recalculado'} al corte del ${formatIsoDate(event.cutoff)}`,
      );
    case 'estado-pago-approved':
      return noteChange(
        `Estado de pago N°${formatNumber(event.number)} aprobado (corte del ${formatIsoDate(event.cutoff)})`,
      );
    case 'estado-pago-removed':
      return noteChange(`Estado de pago N°${formatNumber(event.number)} eliminado`);
    case 'project-trashed':
      return noteChange(`Proyecto enviado a la Papelera: «${event.name}» (${event.code})`, [
        `Tenía ${event.holds}`,
        `Un administrador puede restaurarlo hasta el ${formatDate(event.purgeAt)}; ese día se elimina definitivamente`,
      ]);
    case 'project-restored':
      return noteChange(`Proyecto restaurado desde la Papelera: «${event.name}» (${event.code})`, [
        `Estaba en la Papelera desde el ${formatDateTime(event.deletedAt)}, enviado por ${event.deletedBy}`,
      ]);
    case 'member-saved': {
      const as = `${event.role}${event.company === null ? '' : `, ${event.company}`}`;
      if (event.was === undefined) return noteChange(`Miembro agregado: ${event.name} (${as})`);
      const was = `${event.was.role}${event.was.company === null ? '' : `, ${event.was.company}`}`;
      return noteChange(`Miembro cambiado: ${event.name} (${as})`, [`Antes: ${was}`]);
    }
    case 'member-removed':
      return noteChange(`Miembro quitado: ${event.name} (${event.role})`);
    case 'company-saved':
      return noteChange(
        `Empresa ${event.created ? 'agregada' : 'modificada'}: ${event.name} (${event.companyKind}, RUT ${event.rut})`,
      );
    case 'company-removed':
      return noteChange(`Empresa eliminada: ${event.name} (RUT ${event.rut})`);
    case 'last-planner-settings':
      return noteChange(
        event.changes.length === 0
          ? 'Configuración del Last Planner: sin cambios'
          : `Configuración del Last Planner: ${fieldList(event.changes)}`,
        changeNotes(event.changes),
      );
    case 'task-company': {
      const summary =
        event.company === null
          ? `Empresa quitada de ${formatCount(event.tasks, 'tarea', 'tareas')}`
          : `${formatCount(event.tasks, 'tarea asignada', 'tareas asignadas')} a ${event.company}`;
      return noteChange(summary, event.examples);
    }
    case 'constraint-saved': {
      const head =
        event.stateChange === 'released'
          ? 'Restricción liberada'
          : event.stateChange === 'reopened'
            ? 'Restricción reabierta'
            : event.created
              ? 'Restricción agregada'
              : 'Restricción modificada';
      return noteChange(`${head}: ${event.task}, ${event.type}: ${event.description}`, [
        `Responsable: ${event.responsible}`,
        `Fecha límite: ${formatIsoDate(event.dueDate)}`,
      ]);
    }
    case 'constraint-removed':
      return noteChange(`Restricción eliminada: ${event.task}, ${event.type}: ${event.description}`);
    case 'commitment-saved':
      return noteChange(
        `Compromiso ${event.created ? 'tomado' : 'modificado'} para la semana del ${formatIsoDate(event.week)}: ${event.task}, ${event.amount}`,
        event.company === null ? [] : [`Empresa: ${event.company}`],
      );
    case 'commitment-removed':
      return noteChange(
        `Compromiso retirado de la semana del ${formatIsoDate(event.week)}: ${event.task}, ${event.amount}`,
      );
    case 'commitment-closed': {
      const outcome =
        event.outcome === null
          ? 'reabierto'
          : event.cause === null
            ? event.outcome
            : `${event.outcome} (causa: ${event.cause})`;
      return noteChange(
        `Compromiso de la semana del ${formatIsoDate(event.week)} ${event.outcome === null ? '' : 'cerrado '}${outcome}: ${event.task}, ${event.amount}`,
      );
    }
    case 'commitments-transferred':
      return noteChange(
        `Compromisos cumplidos pasados al avance al ${formatIsoDate(event.cutoff)}: ${formatCount(event.tasks, 'tarea', 'tareas')} de ${formatCount(event.commitments, 'compromiso', 'compromisos')}`,
        event.skipped === 0
          ? []
          : [`${formatCount(event.skipped, 'compromiso no registra', 'compromisos no registran')} avance`],
      );
  }
}
