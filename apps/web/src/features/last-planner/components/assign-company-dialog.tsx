import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type AssignCompanyDialogProps = {
  taskCount: number;
  companies: ReadonlyArray<{ id: string; name: string }>;
  isSaving: boolean;
  refusal: string | null;
  onSubmit: (companyId: string | null) => void;
  onClose: () => void;
};

const NONE = '';

/** 'Asignar empresa' (a Planificador): the company that does the selected tasks, or none. */
export function AssignCompanyDialog({
  taskCount,
  companies,
  isSaving,
  refusal,
  onSubmit,
  onClose,
}: AssignCompanyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [companyId, setCompanyId] = useState(companies[0]?.id ?? NONE);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(companyId === NONE ? null : companyId);
  }
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('lastPlanner.assign.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('lastPlanner.assign.intro', { count: taskCount })}</DialogContentText>
            {companies.length === 0 && <Alert severity="info">{t('lastPlanner.assign.noCompanies')}</Alert>}
            <TextField
              select
              label={t('lastPlanner.assign.company')}
              value={companyId}
              onChange={(event) => setCompanyId(event.target.value)}
            >
              {companies.map((company) => (
                <MenuItem key={company.id} value={company.id}>
                  {company.name}
                </MenuItem>
              ))}
              <MenuItem value={NONE}>{t('lastPlanner.noCompany')}</MenuItem>
            </TextField>
            {refusal !== null && <Alert severity="error">{refusal}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            {t('lastPlanner.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={isSaving}>
            {t('lastPlanner.assign.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
