/**
 * The server joins a refusal's field messages with '; ', each starting with the field's label as
 * the screen names it ('Tipo: «Clima» no está en la lista…; Fecha límite: no es una fecha válida'),
 * or with the payload's path when the contract refused it ('constraint.dueDate: …'). A part that
 * starts with no known label belongs to the part before it (a task's list of open constraints is
 * itself joined with '; '). What names no field is said apart, in the dialog.
 */
export type FieldErrors<Field extends string> = { fields: Partial<Record<Field, string>>; general: string[] };

function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase('es-CL') + text.slice(1);
}

export function splitFieldErrors<Field extends string>(
  message: string,
  labels: Readonly<Record<string, Field>>,
): FieldErrors<Field> {
  const fieldOf = (part: string): { field: Field; text: string } | null => {
    const colon = part.indexOf(': ');
    if (colon <= 0) return null;
    const field = labels[part.slice(0, colon)];
    return field === undefined ? null : { field, text: part.slice(colon + 2) };
  };
  const pieces: Array<{ field: Field | null; text: string }> = [];
  for (const part of message.split('; ')) {
    const named = fieldOf(part);
    const previous = pieces.at(-1);
    if (named !== null) pieces.push(named);
    else if (previous !== undefined) previous.text = `${previous.text}; ${part}`;
    else pieces.push({ field: null, text: part });
  }
  const result: FieldErrors<Field> = { fields: {}, general: [] };
  for (const piece of pieces) {
    if (piece.field === null) result.general.push(piece.text);
    else {
      const before = result.fields[piece.field];
      const text = capitalised(piece.text);
      result.fields[piece.field] = before === undefined ? text : `${before}; ${text}`;
    }
  }
  return result;
}

export type ConstraintField = 'type' | 'description' | 'responsible' | 'dueDate' | 'state';

export const constraintFieldLabels: Readonly<Record<string, ConstraintField>> = {
  Tipo: 'type',
  Descripción: 'description',
  Responsable: 'responsible',
  'Fecha límite': 'dueDate',
  Estado: 'state',
  'constraint.type': 'type',
  'constraint.description': 'description',
  'constraint.responsible': 'responsible',
  'constraint.responsibleCompanyId': 'responsible',
  'constraint.responsibleUserId': 'responsible',
  'constraint.dueDate': 'dueDate',
  'constraint.state': 'state',
};

export type CommitmentField = 'task' | 'week' | 'amount';

export const commitmentFieldLabels: Readonly<Record<string, CommitmentField>> = {
  Tarea: 'task',
  Semana: 'week',
  'Qué se hará': 'amount',
  'commitment.percent': 'amount',
  'commitment.quantity': 'amount',
  'commitment.description': 'amount',
  'commitment.week': 'week',
};

export type CloseField = 'outcome' | 'cause';

export const closeFieldLabels: Readonly<Record<string, CloseField>> = {
  Resultado: 'outcome',
  'Causa de no cumplimiento': 'cause',
  cause: 'cause',
  outcome: 'outcome',
};

/**
 * saveLastPlannerSettings' refusal of one of its two lists: the parts naming it ('Tipos de
 * restricción: …', 'Tipos de restricción, fila 3: …').
 */
export function listErrors(message: string, label: string): string[] {
  return message.split('; ').filter((part) => part.startsWith(`${label}:`) || part.startsWith(`${label},`));
}
