import { formatIsoDate } from '@cimiento/domain';
import type { DashboardTask } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { linkColor, redChipSx } from '../utils/readable-colors';

/** The leaf tasks starting or finishing in the next two weeks, by date, each with its project. */
export function UpcomingList({ upcoming, today }: { upcoming: readonly DashboardTask[]; today: string }) {
  const { t } = useTranslation();
  if (upcoming.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {t('dashboard.upcomingEmpty')}
      </Typography>
    );
  }
  return (
    <>
      <List dense disablePadding aria-label={t('dashboard.upcomingTitle')}>
        {upcoming.map((task) => (
          <ListItem
            key={`${task.projectId}-${task.taskId}-${task.event}`}
            disableGutters
            divider
            data-testid="dashboard-upcoming"
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', width: '100%', minWidth: 0 }}>
              <Box sx={{ width: 88, flexShrink: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {task.date === today ? t('dashboard.today') : formatIsoDate(task.date)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {task.event === 'start' ? t('dashboard.eventStart') : t('dashboard.eventFinish')}
                </Typography>
              </Box>
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography variant="body2" noWrap title={`${task.code} ${task.name}`}>
                  <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                    {task.code}
                  </Box>
                  {task.name}
                </Typography>
                <Link
                  component={RouterLink}
                  to={`/projects/${task.projectId}/gantt`}
                  variant="caption"
                  underline="hover"
                  sx={{ color: linkColor }}
                >
                  {task.projectName}
                </Link>
              </Box>
              {task.critical && (
                <Chip size="small" variant="outlined" label={t('dashboard.criticalChip')} sx={redChipSx} />
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
      {upcoming.length >= 50 && (
        <Typography variant="caption" color="text.secondary">
          {t('dashboard.upcomingCapped', { count: upcoming.length })}
        </Typography>
      )}
    </>
  );
}
