import { TRASH_RETENTION_DAYS } from '@cimiento/domain';
import type { ProjectSummary } from '@cimiento/domain';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { holdingsText } from '@/lib/project-holdings';
import { projectHoldingsQueryOptions } from '../api/load-project-holdings';

export type RemoveProjectDialogProps = {
  /** the project to delete; null: the dialog is closed */
  project: ProjectSummary | null;
  isBusy: boolean;
  onConfirm: (project: ProjectSummary) => void;
  onCancel: () => void;
};

/**
 * 'Eliminar proyecto''s confirmation (spec §2: '¿Estás seguro?', 'Confirma que deseas eliminar el
 * proyecto'). Issue 30: it also says that the project goes to the Papelera, where an administrator
 * can restore it for 30 days, and what it holds (counts and money, loadProjectHoldings).
 */
export function RemoveProjectDialog({ project, isBusy, onConfirm, onCancel }: RemoveProjectDialogProps) {
  const { t } = useTranslation();
  const holdings = useQuery({ ...projectHoldingsQueryOptions(project?._id ?? ''), enabled: project !== null });
  return (
    <ConfirmDialog
      isOpen={project !== null}
      text={t('projects.confirmRemove')}
      details={
        project && (
          <>
            <DialogContentText sx={{ mt: 1.5 }} data-testid="remove-project-trash">
              {t('trash.removeToTrash', { name: project.name, code: project.code, days: TRASH_RETENTION_DAYS })}
            </DialogContentText>
            {holdings.isPending ? (
              <DialogContentText sx={{ mt: 1 }} aria-busy="true">
                <Skeleton variant="text" width="100%" aria-hidden />
                <Box component="span" sx={visuallyHidden}>
                  {t('trash.holdsLoading')}
                </Box>
              </DialogContentText>
            ) : (
              holdings.data && (
                <DialogContentText sx={{ mt: 1 }} data-testid="remove-project-holdings">
                  {t('trash.holdsLine', { holds: holdingsText(t, holdings.data.holdings) })}
                </DialogContentText>
              )
            )}
          </>
        )
      }
      isBusy={isBusy}
      onCancel={onCancel}
      onConfirm={() => project && onConfirm(project)}
    />
  );
}
