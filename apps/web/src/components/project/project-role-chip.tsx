import type { ProjectSummary } from '@cimiento/domain';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The caller's role on a project (issue 36); null: an administrator who is not a member. */
export type ProjectRoleValue = ProjectSummary['role'];

const roleColors: Record<NonNullable<ProjectRoleValue>, ChipProps['color']> = {
  planificador: 'primary',
  terreno: 'success',
  subcontratista: 'secondary',
  lector: 'default',
};

/**
 * A small chip with a role's label ('Planificador', 'Terreno', …), or 'Administrador' for an
 * administrator who sees the project without being a member. Shared by the project list, the
 * project's home and its 'Miembros' screen.
 */
export function ProjectRoleChip({ role, size = 'small' }: { role: ProjectRoleValue; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  if (role === null) {
    return (
      <Chip
        size={size}
        variant="outlined"
        label={t('projects.adminNotMember')}
        title={t('projects.adminNotMemberHelp')}
        data-role="admin"
      />
    );
  }
  return <Chip size={size} variant="outlined" color={roleColors[role]} label={t(`roles.${role}`)} data-role={role} />;
}
