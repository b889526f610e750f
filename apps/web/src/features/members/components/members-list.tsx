import type { ProjectCompany, ProjectMember } from '@cimiento/domain/members';
import EditIcon from '@mui/icons-material/Edit';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ProjectRoleChip } from '@/components/project/project-role-chip';

export type MembersListProps = {
  members: readonly ProjectMember[];
  companies: readonly ProjectCompany[];
  /** false: the list only (a member whose role does not manage members). */
  canManage: boolean;
  isBusy: boolean;
  isNarrow: boolean;
  onEdit: (member: ProjectMember) => void;
  onRemove: (member: ProjectMember) => void;
};

function companyName(companies: readonly ProjectCompany[], companyId: string | null): string | null {
  return companyId === null ? null : (companies.find((company) => company.id === companyId)?.name ?? null);
}

/** 'Administrador' and 'Deshabilitado' beside a member's name. */
function Badges({ member }: { member: ProjectMember }) {
  const { t } = useTranslation();
  if (!member.admin && !member.disabled) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
      {member.admin && <Chip size="small" label={t('members.adminBadge')} color="info" variant="outlined" />}
      {member.disabled && <Chip size="small" label={t('members.disabledBadge')} color="default" />}
    </Stack>
  );
}

function RowActions({
  member,
  isBusy,
  onEdit,
  onRemove,
}: Omit<MembersListProps, 'members' | 'companies' | 'canManage' | 'isNarrow'> & { member: ProjectMember }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<EditIcon />}
        disabled={isBusy}
        aria-label={t('members.editLabel', { name: member.name })}
        onClick={() => onEdit(member)}
      >
        {t('members.edit')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<PersonRemoveIcon />}
        disabled={isBusy}
        aria-label={t('members.removeLabel', { name: member.name })}
        onClick={() => onRemove(member)}
      >
        {t('members.remove')}
      </Button>
    </Stack>
  );
}

/**
 * The project's members (issue 36): name with its badges, email, role, company; with 'Cambiar rol'
 * and 'Quitar' for who may manage them. A table from 900 px, cards below.
 */
export function MembersList({ members, companies, canManage, isNarrow, ...actions }: MembersListProps) {
  const { t } = useTranslation();
  if (isNarrow) {
    return (
      <Stack component="ul" spacing={2} aria-label={t('members.tableLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {members.map((member) => (
          <Paper
            component="li"
            key={member.userId}
            variant="outlined"
            data-testid={`member-row-${member.userId}`}
            sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {member.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Typography>
              <Badges member={member} />
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <ProjectRoleChip role={member.role} />
              <Typography variant="body2" color="text.secondary">
                {companyName(companies, member.companyId) ?? t('members.noCompany')}
              </Typography>
            </Stack>
            {canManage && <RowActions member={member} {...actions} />}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('members.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('members.name')}</TableCell>
            <TableCell>{t('members.email')}</TableCell>
            <TableCell>{t('members.role')}</TableCell>
            <TableCell>{t('members.company')}</TableCell>
            {canManage && <TableCell>{t('members.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => {
            const company = companyName(companies, member.companyId);
            return (
              <TableRow key={member.userId} data-testid={`member-row-${member.userId}`}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {member.name}
                  </Typography>
                  <Badges member={member} />
                </TableCell>
                <TableCell>{member.email}</TableCell>
                <TableCell>
                  <ProjectRoleChip role={member.role} />
                </TableCell>
                <TableCell>
                  {company ?? (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('members.noCompany')}
                    </Typography>
                  )}
                </TableCell>
                {canManage && (
                  <TableCell sx={{ minWidth: 240 }}>
                    <RowActions member={member} {...actions} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
