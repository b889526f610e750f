import { formatDateTime } from '@cimiento/domain';
import type { HistoryEntry } from '@cimiento/domain';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { linkColor } from '../utils/readable-colors';

/** The newest saves across projects: who, what (the summary), when, and the project it touched. */
export function RecentChanges({ recent }: { recent: readonly HistoryEntry[] }) {
  const { t } = useTranslation();
  if (recent.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {t('dashboard.recentEmpty')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={t('dashboard.recentTitle')}>
      {recent.map((entry) => (
        <ListItem key={entry.id} disableGutters divider data-testid="dashboard-recent">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', width: '100%', minWidth: 0 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden>
              {entry.userName.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="body2">
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {entry.userName}
                </Box>{' '}
                · {entry.summary}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <Link
                  component={RouterLink}
                  to={`/projects/${entry.projectId}`}
                  underline="hover"
                  sx={{ color: linkColor }}
                >
                  {entry.projectName}
                </Link>{' '}
                · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </Typography>
            </Box>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
