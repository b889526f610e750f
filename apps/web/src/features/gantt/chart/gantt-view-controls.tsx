import FitScreenIcon from '@mui/icons-material/FitScreen';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectLevelledCount, useGanttEditor } from '../editor/gantt-editor-store';
import { chooserColumns, shownTrackingColumns, toggleHiddenColumn } from './gantt-columns';
import { useGanttViewPrefs, useGanttViewStore } from './gantt-view-store';
import { ganttZoomLevels, isZoomLevel } from './gantt-zoom';
import { ToolButton } from '../editor/gantt-tool-button';

/**
 * issue 32: the column chooser, 'Columnas': every column of the grid with a check, shown or hidden
 * per user in this browser (the last one shown stays).
 */
function GanttColumnChooser() {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useGanttViewPrefs();
  const hasBaseline = useGanttEditor((state) => state.baselineId !== null);
  const hasLeveling = useGanttEditor((state) => selectLevelledCount(state) > 0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const columns = chooserColumns(shownTrackingColumns(prefs.showTracking, hasBaseline), hasLeveling);
  const available = columns.map((column) => column.id);
  return (
    <>
      <Tooltip title={t('gantt.columnChooser')} describeChild>
        <IconButton
          size="small"
          color="primary"
          aria-label={t('gantt.columnChooser')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ViewColumnIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('gantt.columnChooser'), dense: true } }}
      >
        {columns.map(({ id, header }) => {
          const isShown = !prefs.hiddenColumns.includes(id);
          return (
            <MenuItem
              key={id}
              role="menuitemcheckbox"
              aria-checked={isShown}
              onClick={() => setPrefs({ hiddenColumns: toggleHiddenColumn(prefs.hiddenColumns, id, available) })}
            >
              <ListItemIcon>
                <Checkbox size="small" edge="start" checked={isShown} tabIndex={-1} disableRipple sx={{ p: 0 }} />
              </ListItemIcon>
              <ListItemText>{t(header)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/**
 * How the Gantt is looked at (issue 12), not what it holds: the zoom (día, semana, mes, trimestre),
 * 'Ajustar a la pantalla' (the whole project in the chart's width) and the columns shown (issue 32).
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
      <GanttColumnChooser />
    </Stack>
  );
}
