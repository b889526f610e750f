import { compareDecimals, parseChileanDecimal } from '@cimiento/domain';
import type { EstadoPagoSettings } from '@cimiento/domain';
import { formatDecimalAsIs } from './estado-pago-format';

/**
 * 'Condiciones del contrato' as the dialog's fields hold them: texts as the user types them, in
 * Chilean notation ('1.234.567,89'), read back with parseChileanDecimal. Kept in this browser
 * (localStorage, per user and project) until saved, so a closed tab or an expired session does
 * not lose them.
 */

export type SettingsFields = Record<keyof EstadoPagoSettings, string>;

export type SettingsFieldErrors = Partial<Record<keyof EstadoPagoSettings, string>>;

const PERCENT_FIELDS = ['retentionPercent', 'retentionCapPercent', 'vatPercent'] as const;
const DECIMAL_FIELDS = [...PERCENT_FIELDS, 'advanceAmount'] as const;

export function settingsToFields(settings: EstadoPagoSettings): SettingsFields {
  return {
    contract: settings.contract,
    contractor: settings.contractor,
    retentionPercent: formatDecimalAsIs(settings.retentionPercent),
    retentionCapPercent: formatDecimalAsIs(settings.retentionCapPercent),
    advanceAmount: formatDecimalAsIs(settings.advanceAmount),
    vatPercent: formatDecimalAsIs(settings.vatPercent),
  };
}

/** The settings the fields say, or each field's error ('percentMax' is the text for a % over 100). */
export function fieldsToSettings(
  fields: SettingsFields,
  percentMax: string,
): { ok: true; settings: EstadoPagoSettings } | { ok: false; errors: SettingsFieldErrors } {
  const errors: SettingsFieldErrors = {};
  const values: Partial<Record<(typeof DECIMAL_FIELDS)[number], string>> = {};
  for (const field of DECIMAL_FIELDS) {
    const parsed = parseChileanDecimal(fields[field]);
    if (!parsed.ok) {
      errors[field] = parsed.error;
      continue;
    }
    if ((PERCENT_FIELDS as readonly string[]).includes(field) && compareDecimals(parsed.value, '100') > 0) {
      errors[field] = percentMax;
      continue;
    }
    values[field] = parsed.value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      contract: fields.contract.trim(),
      contractor: fields.contractor.trim(),
      retentionPercent: values.retentionPercent as string,
      retentionCapPercent: values.retentionCapPercent as string,
      advanceAmount: values.advanceAmount as string,
      vatPercent: values.vatPercent as string,
    },
  };
}

function draftKey(userId: string, projectId: string): string {
  return `cimiento-ep-settings:${encodeURIComponent(userId)}:${encodeURIComponent(projectId)}`;
}

const FIELD_NAMES: ReadonlyArray<keyof SettingsFields> = [
  'contract',
  'contractor',
  'retentionPercent',
  'retentionCapPercent',
  'advanceAmount',
  'vatPercent',
];

/** The unsaved fields kept in this browser, or undefined (none, or unreadable). */
export function readSettingsDraft(userId: string, projectId: string): SettingsFields | undefined {
  try {
    const raw = window.localStorage.getItem(draftKey(userId, projectId));
    if (raw === null) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as Record<string, unknown>;
    if (!FIELD_NAMES.every((name) => typeof record[name] === 'string')) return undefined;
    return Object.fromEntries(FIELD_NAMES.map((name) => [name, record[name] as string])) as SettingsFields;
  } catch {
    return undefined;
  }
}

export function writeSettingsDraft(userId: string, projectId: string, fields: SettingsFields): void {
  try {
    window.localStorage.setItem(draftKey(userId, projectId), JSON.stringify(fields));
  } catch {
    // a full or blocked storage only loses the draft, never the edit on screen
  }
}

export function clearSettingsDraft(userId: string, projectId: string): void {
  try {
    window.localStorage.removeItem(draftKey(userId, projectId));
  } catch {
    // nothing kept
  }
}
