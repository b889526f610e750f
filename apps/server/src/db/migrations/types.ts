import type { DatabaseDialect } from '../schema';

/** Column types that differ between the two dialects; everything else is written once. */
export type MigrationTypes = {
  boolean: 'integer' | 'boolean';
  timestamp: 'date' | 'timestamptz';
  /** exact decimals (budgets): SQLite's NUMERIC affinity would store floats, so text there */
  decimal: 'text' | 'numeric(22, 4)';
};

export function migrationTypes(dialect: DatabaseDialect): MigrationTypes {
  return dialect === 'sqlite'
    ? { boolean: 'integer', timestamp: 'date', decimal: 'text' }
    : { boolean: 'boolean', timestamp: 'timestamptz', decimal: 'numeric(22, 4)' };
}
