import type { DatabaseDialect } from '../schema';

/** Column types that differ between the two dialects; everything else is written once. */
export type MigrationTypes = {
  boolean: 'integer' | 'boolean';
  timestamp: 'date' | 'timestamptz';
  /** exact decimals (budgets): SQLite's NUMERIC affinity would store floats, so text there */
  decimal: 'text' | 'numeric(22, 4)';
  /** a double: SQLite's real is 8 bytes; PostgreSQL's real is 4 (33.3 would read back as 33.29999…) */
  double: 'real' | 'double precision';
  /** raw bytes */
  binary: 'blob' | 'bytea';
};

export function migrationTypes(dialect: DatabaseDialect): MigrationTypes {
  return dialect === 'sqlite'
    ? { boolean: 'integer', timestamp: 'date', decimal: 'text', double: 'real', binary: 'blob' }
    : {
        boolean: 'boolean',
        timestamp: 'timestamptz',
        decimal: 'numeric(22, 4)',
        double: 'double precision',
        binary: 'bytea',
      };
}
