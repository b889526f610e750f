import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Issue 36, members and roles per project (docs/MEMBERS.md).
 *
 * - `project_company`: the project's companies ('Empresas': the contractor and its subcontractors),
 *   each with its RUT as written with dots and dash, unique in the project.
 * - `project_member`: who may see and do what on a project: `role` is 'planificador', 'terreno',
 *   'subcontratista' or 'lector'; `company_id` the company the member works for (RESTRICT: a company
 *   with members is not deleted).
 *
 * Existing installations lose nothing: every existing user becomes 'Planificador' of every existing
 * project (those in the Papelera included), which is what each could do before.
 */
export function projectMembersMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('project_company')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('rut', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('project_company_rut_unique', ['project_id', 'rut'])
        .execute();

      await db.schema
        .createTable('project_member')
        .addColumn('project_id', 'text', (c) => c.notNull().references('project._id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('company_id', 'text', (c) => c.references('project_company.id').onDelete('restrict'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_member_pk', ['project_id', 'user_id'])
        .execute();
      // loadProjects and the live stream ask "which projects is this user a member of"
      await db.schema.createIndex('project_member_user_idx').on('project_member').columns(['user_id']).execute();

      const now = new Date().toISOString();
      await sql`
        insert into project_member (project_id, user_id, role, company_id, created_at)
        select project._id, ${sql.ref('user')}.id, 'planificador', null, ${now}
        from project cross join ${sql.table('user')}
      `.execute(db);
    },
  };
}
