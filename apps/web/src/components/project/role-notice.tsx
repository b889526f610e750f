import type { ProjectRole } from '@cimiento/domain/members';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * Issue 36: on a screen whose changes the caller's role may not make, one line that says so (the
 * screen shows the data and hides its write controls): 'Tu rol en este proyecto es Lector: puedes
 * ver esta pantalla; para cambiarla se necesita el rol Planificador.' Nothing for an administrator,
 * a role that may, or a role not known yet.
 */
export function RoleNotice({ role, allowed }: { role: ProjectRole | null | undefined; allowed: boolean }) {
  const { t } = useTranslation();
  if (allowed || role === undefined || role === null) return null;
  return (
    <Alert severity="info" variant="outlined" data-testid="role-notice" sx={{ py: 0 }}>
      {t('roleNotice.readOnly', { role: t(`roles.${role}`) })}
    </Alert>
  );
}
