import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

type Screen = 'lookAhead' | 'weeklyPlan' | 'ppc';

const paths: Record<Screen, string> = { lookAhead: 'intermedia', weeklyPlan: 'plan-semanal', ppc: 'ppc' };
const screens: Screen[] = ['lookAhead', 'weeklyPlan', 'ppc'];

/** The Last Planner's three screens, one click apart: 'Intermedia', 'Plan semanal', 'PPC'. */
export function LastPlannerLinks({ projectNumber, current }: { projectNumber: number | string; current: Screen }) {
  const { t } = useTranslation();
  return (
    <Stack
      component="nav"
      aria-label={t('lastPlanner.links.label')}
      direction="row"
      spacing={1}
      sx={{ flexWrap: 'wrap', rowGap: 1 }}
    >
      {screens.map((screen) => (
        <Button
          key={screen}
          component={RouterLink}
          to={`/projects/${projectNumber}/${paths[screen]}`}
          size="small"
          variant={screen === current ? 'contained' : 'text'}
          color={screen === current ? 'primary' : 'inherit'}
          aria-current={screen === current ? 'page' : undefined}
        >
          {t(`lastPlanner.links.${screen}`)}
        </Button>
      ))}
    </Stack>
  );
}
