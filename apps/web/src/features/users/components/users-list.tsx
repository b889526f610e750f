import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagePanel } from '@/components/ui/page-panel';
import { useSession } from '@/lib/auth';
import { useUsers } from '../api/load-users';
import { UsersTable } from './users-table';

/** /usuarios/list: every signed-in user sees the list; administrators also manage it. */
export function UsersList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const users = useUsers();
  return (
    <PagePanel
      title={t('users.listTitle')}
      actions={
        isAdmin && (
          <Button
            variant="contained"
            color="success"
            startIcon={<PersonAddIcon />}
            onClick={() => void navigate('/usuarios/new')}
          >
            {t('users.newUser')}
          </Button>
        )
      }
    >
      {users.data && <UsersTable users={users.data} canManage={isAdmin} />}
    </PagePanel>
  );
}
