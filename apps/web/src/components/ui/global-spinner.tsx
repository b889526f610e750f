import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export type GlobalSpinnerProps = { isOpen: boolean };

/** The spinner overlay shown while something loads (product-spec.md §2 "Shell"). */
export function GlobalSpinner({ isOpen }: GlobalSpinnerProps) {
  const { t } = useTranslation();
  return (
    <Backdrop
      open={isOpen}
      data-testid="global-spinner"
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', backgroundColor: 'rgba(0, 0, 0, 0.25)' }}
      transitionDuration={{ enter: 200, exit: 150 }}
    >
      {isOpen && <CircularProgress color="inherit" aria-label={t('common.loading')} />}
    </Backdrop>
  );
}
