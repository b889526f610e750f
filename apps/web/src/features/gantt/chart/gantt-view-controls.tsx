import FitScreenIcon from '@mui/icons-material/FitScreen';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useGanttViewPrefs, useGanttViewStore } from './gantt-view-store';
import { ganttZoomLevels, isZoomLevel } from './gantt-zoom';
import { ToolButton } from '../editor/gantt-tool-button';

/**
 * How the Gantt is looked at (issue 12), not what it holds: the zoom (día, semana, mes, trimestre),
 * 'Ajustar a la pantalla' (the whole project in the chart's width) and the optional 'Id' column.
 * Remembered per user in this browser; none of it is an edit.
 */
export function GanttViewControls() {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useGanttViewPrefs();
  const setFitted = useGanttViewStore((state) => state.setFitted);
  const requestFit = useGanttViewStore((state) => state.requestFit);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexShrink: 0 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={prefs.zoom}
        aria-label={t('gantt.zoom')}
        onChange={(_event, level: unknown) => {
          if (!isZoomLevel(level)) return;
          setFitted(null);
          setPrefs({ zoom: level });
        }}
      >
        {ganttZoomLevels.map((level) => (
          <ToggleButton key={level} value={level} sx={{ height: 30, py: 0, px: 1.25, textTransform: 'none' }}>
            {t(`gantt.zoomLevels.${level}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToolButton label={t('gantt.fitToScreen')} icon={<FitScreenIcon fontSize="small" />} onClick={requestFit} />
      <FormControlLabel
        sx={{ mr: 0, ml: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
        control={
          <Checkbox
            size="small"
            checked={prefs.showId}
            onChange={(event) => setPrefs({ showId: event.target.checked })}
          />
        }
        label={t('gantt.showId')}
      />
    </Stack>
  );
}
