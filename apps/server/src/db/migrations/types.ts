import type { DatabaseDialect } from '../schema';

/** Column types that differ between the two dialects; everything else is written once. */
export type MigrationTypes = { boolean: 'integer' | 'boolean'; timestamp: 'date' | 'timestamptz' };

export function migrationTypes(dialect: DatabaseDialect): MigrationTypes {
  return dialect === 'sqlite'
    ? { boolean: 'integer', timestamp: 'date' }
    : { boolean: 'boolean', timestamp: 'timestamptz' };
}
