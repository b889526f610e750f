import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useGanttEditor, useGanttEditorStore } from '../stores/gantt-editor-store';
import { useGanttViewPrefs } from '../stores/gantt-view-store';

/**
 * How the Gantt is compared with its baseline (issue 15), beside the other view controls:
 * 'Seguimiento' shows the tracking columns (remembered per user, as 'Id'), and 'Atrasadas' keeps
 * only the tasks late against the chosen baseline and their ancestors (off without a baseline).
 */
export function GanttTrackingControls() {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useGanttViewPrefs();
  const store = useGanttEditorStore();
  const hasBaseline = useGanttEditor((state) => state.baselineId !== null);
  const lateOnly = useGanttEditor((state) => state.lateOnly);
  return (
    <>
      <FormControlLabel
        sx={{ mr: 0, ml: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
        control={
          <Checkbox
            size="small"
            checked={prefs.showTracking}
            onChange={(event) => setPrefs({ showTracking: event.target.checked })}
          />
        }
        label={t('gantt.tracking.columns')}
      />
      <Tooltip title={t(hasBaseline ? 'gantt.tracking.lateHint' : 'gantt.tracking.lateNeedsBaseline')} describeChild>
        {/* a disabled button takes no pointer events: the tooltip listens on the span around it */}
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <ToggleButton
            value="late"
            size="small"
            selected={lateOnly && hasBaseline}
            disabled={!hasBaseline}
            onChange={() => store.getState().setLateOnly(!lateOnly)}
            sx={{ height: 30, py: 0, px: 1.25, textTransform: 'none' }}
          >
            {t('gantt.tracking.late')}
          </ToggleButton>
        </Box>
      </Tooltip>
    </>
  );
}
