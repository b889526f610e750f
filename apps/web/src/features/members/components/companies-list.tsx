import type { ProjectCompany } from '@cimiento/domain/members';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@cimiento/domain';
import { useTranslation } from 'react-i18next';

export type CompaniesListProps = {
  companies: readonly ProjectCompany[];
  canManage: boolean;
  isBusy: boolean;
  isNarrow: boolean;
  onEdit: (company: ProjectCompany) => void;
  onRemove: (company: ProjectCompany) => void;
};

function RowActions({
  company,
  isBusy,
  onEdit,
  onRemove,
}: Pick<CompaniesListProps, 'isBusy' | 'onEdit' | 'onRemove'> & { company: ProjectCompany }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<EditIcon />}
        disabled={isBusy}
        aria-label={t('members.companies.editLabel', { name: company.name })}
        onClick={() => onEdit(company)}
      >
        {t('members.companies.edit')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        disabled={isBusy}
        aria-label={t('members.companies.removeLabel', { name: company.name })}
        onClick={() => onRemove(company)}
      >
        {t('members.companies.remove')}
      </Button>
    </Stack>
  );
}

/** The project's companies ('Empresas', issue 36): name, RUT, kind and how many members work for each. */
export function CompaniesList({ companies, canManage, isNarrow, ...actions }: CompaniesListProps) {
  const { t } = useTranslation();
  if (companies.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="companies-empty">
        {t('members.companies.empty')}
      </Typography>
    );
  }
  if (isNarrow) {
    return (
      <Stack
        component="ul"
        spacing={2}
        aria-label={t('members.companies.tableLabel')}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {companies.map((company) => (
          <Paper
            component="li"
            key={company.id}
            variant="outlined"
            data-testid={`company-row-${company.id}`}
            sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {company.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  company.rut,
                  t(`companyKinds.${company.kind}`),
                  `${t('members.companies.members')}: ${formatNumber(company.members)}`,
                ].join(' · ')}
              </Typography>
            </Box>
            {canManage && <RowActions company={company} {...actions} />}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('members.companies.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('members.companies.name')}</TableCell>
            <TableCell>{t('members.companies.rut')}</TableCell>
            <TableCell>{t('members.companies.kind')}</TableCell>
            <TableCell align="right">{t('members.companies.members')}</TableCell>
            {canManage && <TableCell>{t('members.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {companies.map((company) => (
            <TableRow key={company.id} data-testid={`company-row-${company.id}`}>
              <TableCell sx={{ fontWeight: 600 }}>{company.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{company.rut}</TableCell>
              <TableCell>{t(`companyKinds.${company.kind}`)}</TableCell>
              <TableCell align="right">{formatNumber(company.members)}</TableCell>
              {canManage && (
                <TableCell sx={{ minWidth: 220 }}>
                  <RowActions company={company} {...actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
