import AddIcon from '@mui/icons-material/Add';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * The empty state of every screen of projects: no project yet → 'Crear proyecto' (the wizard) and,
 * when the route gives it, the import (the projects feature's button).
 */
export function NoProjects({ importAction, text }: { importAction?: ReactNode; text?: string }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="dashboard-empty">
      <CardContent sx={{ py: 5 }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <FolderOpenIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h6" component="h2">
            {t('dashboard.emptyTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
            {text ?? t('dashboard.emptyText')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: 'center' }}>
            <Button
              variant="contained"
              color="primary"
              startIcon={<AddIcon />}
              component={RouterLink}
              to="/projects/new"
            >
              {t('dashboard.createProject')}
            </Button>
            {importAction}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
