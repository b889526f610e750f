import RunningWithErrorsIcon from '@mui/icons-material/RunningWithErrors';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useGanttEditor, useGanttEditorStore } from '../editor/gantt-editor-store';

/**
 * 'Atrasadas' (issue 15), beside 'Línea base': only the tasks late against the chosen baseline and
 * their ancestors. An icon with its name in a tooltip and as its accessible name, as the toolbar's
 * secondary actions; disabled, saying why, while no baseline is chosen. A filter of the view, not
 * an edit.
 */
export function GanttLateToggle() {
  const { t } = useTranslation();
  const store = useGanttEditorStore();
  const hasBaseline = useGanttEditor((state) => state.baselineId !== null);
  const lateOnly = useGanttEditor((state) => state.lateOnly);
  const isOn = lateOnly && hasBaseline;
  return (
    <Tooltip
      title={hasBaseline ? t('gantt.tracking.lateHint') : t('gantt.tracking.lateNeedsBaseline')}
      describeChild
      // above the toolbar: below it would cover its second row ('Grabar Gantt')
      placement="top"
      disableInteractive
    >
      {/* a disabled button takes no pointer events: the tooltip listens on the span around it */}
      <Box component="span" sx={{ display: 'inline-flex' }}>
        <ToggleButton
          value="late"
          size="small"
          aria-label={t('gantt.tracking.late')}
          selected={isOn}
          disabled={!hasBaseline}
          color="error"
          onChange={() => store.getState().setLateOnly(!lateOnly)}
          sx={{ height: 30, width: 34, p: 0 }}
        >
          <RunningWithErrorsIcon fontSize="small" />
        </ToggleButton>
      </Box>
    </Tooltip>
  );
}
