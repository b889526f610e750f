import { formatIsoDate } from '@cimiento/domain';
import { CONSTRAINT_STATE_LABELS, taskLabel } from '@cimiento/domain/last-planner';
import type { LastPlannerTask, StoredConstraint } from '@cimiento/domain/last-planner';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ReplayIcon from '@mui/icons-material/Replay';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatProgress, weekCells } from '../utils/last-planner-view';

/** The look-ahead's columns, shared by the header row and each task (one column on a phone). */
export const lookAheadGridSx = {
  display: 'grid',
  gridTemplateColumns: {
    xs: '1fr',
    md: 'minmax(240px, 3fr) minmax(190px, 1.2fr) 72px minmax(150px, 1.3fr) minmax(150px, 1.5fr)',
  },
  columnGap: 2,
  rowGap: 0.75,
  alignItems: 'center',
} as const;

export function areaText(area: readonly string[]): string {
  return area.join(' › ');
}

/** A task's readiness: 'Lista', or 'No lista (n abiertas)'; overdue constraints said in words too. */
export function ReadinessChips({
  task,
}: {
  task: Pick<LastPlannerTask, 'ready' | 'openConstraints' | 'overdueConstraints'>;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {task.ready ? (
        <Chip size="small" color="success" label={t('lastPlanner.lookAhead.ready')} data-testid="task-ready" />
      ) : (
        <Chip
          size="small"
          color="warning"
          label={t('lastPlanner.lookAhead.notReady', { count: task.openConstraints })}
          data-testid="task-not-ready"
        />
      )}
      {task.overdueConstraints > 0 && (
        <Chip
          size="small"
          color="error"
          icon={<WarningAmberIcon />}
          label={t('lastPlanner.lookAhead.overdue', { count: task.overdueConstraints })}
          data-testid="task-overdue"
        />
      )}
    </Stack>
  );
}

export type LookAheadTaskProps = {
  task: LastPlannerTask;
  weekStarts: readonly string[];
  /** the task's company, shown when the look-ahead is grouped by area */
  companyName: string | null;
  isExpanded: boolean;
  onToggle: () => void;
  /** with 'Asignar empresa' (a Planificador): whether it is selected */
  isSelected: boolean | null;
  onSelect: (selected: boolean) => void;
  canEdit: boolean;
  isBusy: boolean;
  onAdd: () => void;
  onEdit: (constraint: StoredConstraint) => void;
  onSetState: (constraint: StoredConstraint, state: StoredConstraint['state']) => void;
  onRemove: (constraint: StoredConstraint) => void;
};

/** One task of the look-ahead: its identity, dates, progress, state and weeks; expanded, its constraints. */
export function LookAheadTask(props: LookAheadTaskProps) {
  const { t } = useTranslation();
  const { task, weekStarts } = props;
  const panelId = useId();
  const label = taskLabel(task);
  const cells = weekCells(task, weekStarts);
  const inWeeks = cells.flatMap((cell, index) => (cell === 'on' ? [String(index + 1)] : []));
  return (
    <Box
      component="li"
      data-testid={`lookahead-task-${task.id}`}
      sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', py: 1 }}
    >
      <Box sx={lookAheadGridSx}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <IconButton
            size="small"
            aria-expanded={props.isExpanded}
            aria-controls={panelId}
            aria-label={t('lastPlanner.lookAhead.showConstraints', { task: label })}
            onClick={props.onToggle}
          >
            {props.isExpanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
          {props.isSelected !== null && (
            <Checkbox
              size="small"
              checked={props.isSelected}
              onChange={(event) => props.onSelect(event.target.checked)}
              slotProps={{ input: { 'aria-label': t('lastPlanner.lookAhead.selectTask', { task: label }) } }}
              sx={{ p: 0.5 }}
            />
          )}
          <Box sx={{ minWidth: 0, pt: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {task.code !== '' && (
                <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
                  {task.code}
                </Box>
              )}
              {task.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {areaText(task.area)}
              {props.companyName !== null &&
                ` · ${t('lastPlanner.lookAhead.companyOf', { company: props.companyName })}`}
            </Typography>
          </Box>
        </Stack>
        <Box sx={{ pl: { xs: 5, md: 0 } }}>
          <Typography variant="body2">
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatIsoDate(task.start)} →
            </Box>{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatIsoDate(task.end)}
            </Box>
          </Typography>
          {task.underWay && (
            <Typography variant="caption" color="text.secondary">
              {t('lastPlanner.lookAhead.underWay')}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ pl: { xs: 5, md: 0 } }}>
          <Box component="span" sx={{ display: { md: 'none' } }}>
            {t('lastPlanner.lookAhead.columnProgress')}:{' '}
          </Box>
          {formatProgress(task.progress)}
        </Typography>
        <Box sx={{ pl: { xs: 5, md: 0 } }}>
          <ReadinessChips task={task} />
        </Box>
        <Box
          sx={{ pl: { xs: 5, md: 0 }, display: 'flex', gap: 0.5 }}
          role="img"
          aria-label={
            inWeeks.length > 0
              ? t('lastPlanner.lookAhead.fallsIn', { weeks: inWeeks.join(', ') })
              : t('lastPlanner.lookAhead.fallsInNone')
          }
        >
          {cells.map((cell, index) => (
            <Box
              key={weekStarts[index]}
              data-cell={cell}
              sx={{
                flex: 1,
                height: 14,
                borderRadius: 0.5,
                border: 1,
                borderColor: cell === 'late' ? 'error.main' : 'divider',
                bgcolor: cell === 'on' ? 'info.main' : 'transparent',
                backgroundImage:
                  cell === 'late'
                    ? 'repeating-linear-gradient(45deg, transparent 0 3px, rgba(211, 47, 47, 0.5) 3px 5px)'
                    : 'none',
              }}
            />
          ))}
        </Box>
      </Box>
      <Collapse in={props.isExpanded} id={panelId} unmountOnExit>
        <ConstraintsPanel {...props} label={label} />
      </Collapse>
    </Box>
  );
}

function ConstraintsPanel(props: LookAheadTaskProps & { label: string }) {
  const { t } = useTranslation();
  const { task, canEdit, isBusy } = props;
  const text = (constraint: StoredConstraint) => ({ type: constraint.type, description: constraint.description });
  return (
    <Box
      component="section"
      aria-label={`${t('lastPlanner.constraints.title')}: ${props.label}`}
      sx={{ ml: { xs: 1, md: 5 }, mt: 1, mb: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="subtitle2" component="h3">
          {t('lastPlanner.constraints.title')}
        </Typography>
        {canEdit && (
          <Button
            size="small"
            variant="outlined"
            color="success"
            startIcon={<AddIcon />}
            onClick={props.onAdd}
            disabled={isBusy}
          >
            {t('lastPlanner.constraints.add')}
          </Button>
        )}
      </Stack>
      {task.constraints.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('lastPlanner.constraints.none')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
          {task.constraints.map((constraint) => (
            <Box
              component="li"
              key={constraint.id}
              data-testid={`constraint-${constraint.id}`}
              sx={{
                listStyle: 'none',
                p: 1,
                borderRadius: 1,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: constraint.overdue ? 'error.main' : 'divider',
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
              }}
            >
              <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <strong>{constraint.type}</strong>: {constraint.description}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('lastPlanner.constraints.responsible')}: {constraint.responsible} ·{' '}
                  {t('lastPlanner.constraints.dueOn', { date: formatIsoDate(constraint.dueDate) })}
                  {constraint.releasedBy !== null &&
                    constraint.state === 'liberada' &&
                    ` · ${t('lastPlanner.constraints.releasedBy', { name: constraint.releasedBy })}`}
                </Typography>
              </Box>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                {constraint.overdue && (
                  <Chip
                    size="small"
                    color="error"
                    icon={<WarningAmberIcon />}
                    label={t('lastPlanner.constraints.overdue')}
                  />
                )}
                <Chip
                  size="small"
                  color={constraint.state === 'liberada' ? 'success' : 'warning'}
                  label={CONSTRAINT_STATE_LABELS[constraint.state]}
                />
              </Stack>
              {canEdit && (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  {constraint.state === 'abierta' ? (
                    <Button
                      size="small"
                      color="success"
                      startIcon={<LockOpenIcon />}
                      disabled={isBusy}
                      aria-label={t('lastPlanner.constraints.releaseLabel', text(constraint))}
                      onClick={() => props.onSetState(constraint, 'liberada')}
                    >
                      {t('lastPlanner.constraints.release')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      color="inherit"
                      startIcon={<ReplayIcon />}
                      disabled={isBusy}
                      aria-label={t('lastPlanner.constraints.reopenLabel', text(constraint))}
                      onClick={() => props.onSetState(constraint, 'abierta')}
                    >
                      {t('lastPlanner.constraints.reopen')}
                    </Button>
                  )}
                  <Tooltip title={t('lastPlanner.constraints.edit')}>
                    <IconButton
                      size="small"
                      disabled={isBusy}
                      aria-label={t('lastPlanner.constraints.editLabel', text(constraint))}
                      onClick={() => props.onEdit(constraint)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('lastPlanner.constraints.remove')}>
                    <IconButton
                      size="small"
                      color="error"
                      disabled={isBusy}
                      aria-label={t('lastPlanner.constraints.removeLabel', text(constraint))}
                      onClick={() => props.onRemove(constraint)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
