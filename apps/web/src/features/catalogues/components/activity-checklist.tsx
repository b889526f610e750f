import type { Activity, SubcomponentActivity } from '@cimiento/domain';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMilestoneDuration } from '../utils/activity-duration';
import { filterActivities } from '../utils/activity-filter';

export type ActivityChecklistProps = {
  subcomponentName: string;
  activities: Activity[];
  checked: SubcomponentActivity[];
  onChange: (checked: SubcomponentActivity[]) => void;
};

/**
 * '{subcomponent name} - Actividades': every activity of the catalogue, ticked when it belongs. A
 * filter over code and name (es-CL, without regard to case or accents) and 'Mostrar solo marcadas'
 * narrow the list; they only hide rows, so ticks of hidden activities stay. The text filter is kept
 * when another subcomponent is selected, to tick the same activities in several of them.
 */
export function ActivityChecklist({ subcomponentName, activities, checked, onChange }: ActivityChecklistProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const countId = useId();
  const [text, setText] = useState('');
  // 'Mostrar solo marcadas' keeps the activities ticked when it was switched on: unticking one
  // leaves its row in place (unticked), so a slip can be ticked back
  const [onlyTickedIds, setOnlyTickedIds] = useState<ReadonlySet<string> | null>(null);
  const checkedIds = useMemo(() => new Set(checked.map((activity) => activity._id)), [checked]);
  const shown = useMemo(
    () => filterActivities(activities, onlyTickedIds ?? checkedIds, { text, isOnlyTicked: onlyTickedIds !== null }),
    [activities, checkedIds, onlyTickedIds, text],
  );

  function toggle(activity: Activity, isChecked: boolean) {
    if (isChecked) {
      const { _id, id, code, name, priority, duration } = activity;
      onChange([...checked, { _id, id, code, name, priority, duration }]);
    } else {
      onChange(checked.filter((other) => other._id !== activity._id));
    }
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('catalogues.subcomponentActivities', { name: subcomponentName })}
      </Typography>
      {activities.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('catalogues.noActivities')}
        </Typography>
      ) : (
        <>
          <TextField
            size="small"
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('catalogues.filterActivities')}
            slotProps={{
              htmlInput: {
                'aria-label': t('catalogues.filterActivities'),
                'aria-describedby': countId,
                type: 'search',
              },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 0.5 }}
          >
            <Typography id={countId} variant="body2" color="text.secondary" aria-live="polite">
              {t('catalogues.activitiesShown', { shown: shown.length, total: activities.length })}
              {' · '}
              {t('catalogues.activitiesTicked', { count: checkedIds.size })}
            </Typography>
            <FormControlLabel
              // no negative margin: on its own line the switch would stick out of the panel
              sx={{ mx: 0 }}
              label={<Typography variant="body2">{t('catalogues.onlyTicked')}</Typography>}
              control={
                <Switch
                  size="small"
                  checked={onlyTickedIds !== null}
                  onChange={(event) => setOnlyTickedIds(event.target.checked ? checkedIds : null)}
                />
              }
            />
          </Stack>
          <FormGroup
            role="group"
            aria-labelledby={titleId}
            sx={{ maxHeight: 360, overflowY: 'auto', flexWrap: 'nowrap', mt: 0.5 }}
          >
            {shown.map((activity) => (
              <FormControlLabel
                key={activity._id}
                label={
                  <>
                    {`${activity.code} · ${activity.name}`}
                    {/* issue 13: its duration in working days, what its Gantt task will last */}
                    <Typography component="span" variant="inherit" color="text.secondary">
                      {' · '}
                      {isMilestoneDuration(activity.duration)
                        ? t('catalogues.milestoneShort')
                        : t('catalogues.durationShort', { count: activity.duration })}
                    </Typography>
                  </>
                }
                // long names wrap beside their box instead of being cut
                sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: 0.75 } }}
                control={
                  <Checkbox
                    size="small"
                    color="success"
                    checked={checkedIds.has(activity._id)}
                    onChange={(event) => toggle(activity, event.target.checked)}
                  />
                }
              />
            ))}
            {shown.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                {t('catalogues.noMatchingActivities')}
              </Typography>
            )}
          </FormGroup>
        </>
      )}
    </Box>
  );
}
