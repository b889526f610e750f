import type { Activity, SubcomponentActivity } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type ActivityChecklistProps = {
  subcomponentName: string;
  activities: Activity[];
  checked: SubcomponentActivity[];
  onChange: (checked: SubcomponentActivity[]) => void;
};

/** '{subcomponent name} - Actividades': every activity of the catalogue, ticked when it belongs. */
export function ActivityChecklist({ subcomponentName, activities, checked, onChange }: ActivityChecklistProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const checkedIds = new Set(checked.map((activity) => activity._id));

  function toggle(activity: Activity, isChecked: boolean) {
    if (isChecked) {
      const { _id, id, code, name, priority } = activity;
      onChange([...checked, { _id, id, code, name, priority }]);
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
        <FormGroup
          role="group"
          aria-labelledby={titleId}
          sx={{ maxHeight: 360, overflowY: 'auto', flexWrap: 'nowrap' }}
        >
          {activities.map((activity) => (
            <FormControlLabel
              key={activity._id}
              label={`${activity.code} · ${activity.name}`}
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
        </FormGroup>
      )}
    </Box>
  );
}
