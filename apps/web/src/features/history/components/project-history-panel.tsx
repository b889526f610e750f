import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FollowProjectToggle, HistoryTimeline } from './history-timeline';

/** The project home's 'Historial' card: the timeline with 'Seguir proyecto' (issue 19). */
export function ProjectHistoryPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 2 }}
        >
          <div>
            <Typography id={titleId} variant="h6" component="h2">
              {t('history.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('history.subtitle')}
            </Typography>
          </div>
          <FollowProjectToggle projectId={projectId} />
        </Stack>
        <HistoryTimeline projectId={projectId} />
      </CardContent>
    </Card>
  );
}
