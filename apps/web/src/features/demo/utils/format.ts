/** Sample amounts in Chilean pesos, written the Chilean way ($34.990) whatever the language. */
export function formatClp(amount: number): string {
  return new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(
    amount,
  );
}

/** A sample ISO date (yyyy-mm-dd) as dd-mm-yyyy. */
export function formatSampleDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}-${month}-${year}`;
}

/** Figures with Arabic-Indic digits (the RTL demo). */
export function formatArabic(value: number): string {
  return new Intl.NumberFormat('ar-EG').format(value);
}
