/** Generic helpers for the database code of every area: chunked lists, grouping, case-free codes, constraint errors. */

/** Codes are unique per collection without regard to case: the UNIQUE column holds them lower-cased. */
export function codeKey(code: string): string {
  return code.trim().toLowerCase();
}

// Rows per multi-row INSERT / values per IN list: well under SQLite's and PostgreSQL's parameter limits.
const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** A UNIQUE constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A FOREIGN KEY constraint refused the write (PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
