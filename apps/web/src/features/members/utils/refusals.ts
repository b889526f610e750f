/**
 * The server names the field a refusal is about by its first words: its own checks as the screen
 * names it ('RUT: ya hay una empresa…', 'Empresa: un Subcontratista…'), the contract's as the
 * payload's path ('company.rut: El dígito verificador…'). A refusal of no field ('El proyecto debe
 * tener al menos un Planificador…') is shown as an alert.
 */
export type Refusal<Field extends string> = { field: Field | null; text: string };

function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase('es-CL') + text.slice(1);
}

export function readRefusal<Field extends string>(
  message: string,
  fields: Readonly<Record<string, Field>>,
): Refusal<Field> {
  const colon = message.indexOf(': ');
  if (colon > 0) {
    const field = fields[message.slice(0, colon)];
    if (field !== undefined) return { field, text: capitalised(message.slice(colon + 2)) };
  }
  return { field: null, text: message };
}

export type MemberField = 'user' | 'role' | 'company';
export type CompanyField = 'name' | 'rut' | 'kind';

export const memberRefusalFields: Readonly<Record<string, MemberField>> = {
  Empresa: 'company',
  'member.companyId': 'company',
  'member.role': 'role',
  'member.userId': 'user',
};

export const companyRefusalFields: Readonly<Record<string, CompanyField>> = {
  RUT: 'rut',
  'company.rut': 'rut',
  Nombre: 'name',
  'company.name': 'name',
  'company.kind': 'kind',
};
