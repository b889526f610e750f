import { formatIsoDate } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import { LOOK_AHEAD_MAX_WEEKS, LOOK_AHEAD_MIN_WEEKS, taskLabel } from '@cimiento/domain/last-planner';
import type { LastPlannerTask, LookAheadFrom, StoredConstraint } from '@cimiento/domain/last-planner';
import BusinessIcon from '@mui/icons-material/Business';
import SettingsIcon from '@mui/icons-material/Settings';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError } from '@/lib/api-client';
import { useMyProjectRole } from '@/lib/projects-query';
import type { ConstraintWrite, LookAheadParams } from '../api/last-planner';
import {
  useLookAhead,
  useProjectPeople,
  useRemoveConstraint,
  useSaveConstraint,
  useSaveSettings,
  useSaveTaskCompany,
} from '../api/last-planner';
import type { ConstraintField, FieldErrors } from '../utils/field-errors';
import { constraintFieldLabels, splitFieldErrors } from '../utils/field-errors';
import { abilitiesOf } from '../utils/last-planner-view';
import { AssignCompanyDialog } from './assign-company-dialog';
import type { ResponsibleOption } from './constraint-dialog';
import { ConstraintDialog } from './constraint-dialog';
import { LastPlannerLinks } from './last-planner-links';
import { LookAheadTask, lookAheadGridSx } from './look-ahead-task';
import { SettingsDialog } from './settings-dialog';

type ConstraintEditing = { task: LastPlannerTask; constraint: StoredConstraint | null; sequence: number } | null;
type Removing = { task: LastPlannerTask; constraint: StoredConstraint } | null;

const weekOptions = Array.from(
  { length: LOOK_AHEAD_MAX_WEEKS - LOOK_AHEAD_MIN_WEEKS + 1 },
  (_, index) => LOOK_AHEAD_MIN_WEEKS + index,
);

/** /projects/{id}/intermedia, 'Intermedia' (issue 36): the look-ahead and its constraints. */
export function ProjectLookAhead() {
  return <ProjectRouteGate>{(project) => <LookAheadScreen key={project._id} project={project} />}</ProjectRouteGate>;
}

export function LookAheadScreen({ project }: { project: Pick<LoadedProject, '_id' | 'id' | 'code' | 'name'> }) {
  const { t } = useTranslation();
  const projectId = project._id;
  const abilities = abilitiesOf(useMyProjectRole(projectId));
  const [params, setParams] = useState<LookAheadParams>({ groupBy: 'company' });
  const loaded = useLookAhead(projectId, params);
  const people = useProjectPeople(projectId);
  const data = loaded.data;

  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<ConstraintEditing>(null);
  const [constraintRefusal, setConstraintRefusal] = useState<FieldErrors<ConstraintField> | null>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const [removeRefusal, setRemoveRefusal] = useState<string | null>(null);
  const [actionRefusal, setActionRefusal] = useState<string | null>(null);
  const [isAssigning, setIsAssigning] = useState(false);
  const [assignRefusal, setAssignRefusal] = useState<string | null>(null);
  const [isConfiguring, setIsConfiguring] = useState(false);
  const [settingsRefusal, setSettingsRefusal] = useState<string | null>(null);

  const saveConstraint = useSaveConstraint(projectId);
  const removeConstraint = useRemoveConstraint(projectId);
  const saveTaskCompany = useSaveTaskCompany(projectId);
  const saveSettings = useSaveSettings(projectId);
  const isBusy = saveConstraint.isPending || removeConstraint.isPending;

  const companies = data?.companies ?? [];
  const companyName = new Map(companies.map((company) => [company.id, company.name]));
  const responsibles: ResponsibleOption[] = [
    ...companies.map((company) => ({ kind: 'company' as const, id: company.id, label: company.name })),
    ...(people.data?.members ?? [])
      .filter((member) => !member.disabled)
      .map((member) => ({ kind: 'member' as const, id: member.userId, label: member.name })),
  ];
  const weeks = params.weeks ?? data?.weeks ?? LOOK_AHEAD_MIN_WEEKS;
  const from = params.from ?? data?.settings.lookAheadFrom ?? 'cutoff';

  function toggle(set: ReadonlySet<number>, id: number, isOn: boolean): Set<number> {
    const next = new Set(set);
    if (isOn) next.add(id);
    else next.delete(id);
    return next;
  }

  function openConstraint(task: LastPlannerTask, constraint: StoredConstraint | null) {
    setConstraintRefusal(null);
    setEditing((previous) => ({ task, constraint, sequence: (previous?.sequence ?? 0) + 1 }));
  }

  function submitConstraint(input: ConstraintWrite) {
    setConstraintRefusal(null);
    saveConstraint.mutate(input, {
      onSuccess: () => setEditing(null),
      onError: (error) => setConstraintRefusal(splitFieldErrors(describeError(error), constraintFieldLabels)),
    });
  }

  /** 'Liberar' / 'Reabrir': the same constraint with the other state. */
  function setState(task: LastPlannerTask, constraint: StoredConstraint, state: StoredConstraint['state']) {
    setActionRefusal(null);
    saveConstraint.mutate(
      {
        taskId: task.id,
        constraintId: constraint.id,
        version: constraint.version,
        type: constraint.type,
        description: constraint.description,
        responsible: constraint.responsible,
        responsibleCompanyId: constraint.responsibleCompanyId,
        responsibleUserId: constraint.responsibleUserId,
        dueDate: constraint.dueDate,
        state,
      },
      { onError: (error) => setActionRefusal(describeError(error)) },
    );
  }

  async function confirmRemoval() {
    if (removing === null) return;
    try {
      await removeConstraint.mutateAsync({
        constraintId: removing.constraint.id,
        version: removing.constraint.version,
      });
      setRemoving(null);
    } catch (error) {
      setRemoveRefusal(describeError(error));
    }
  }

  let content;
  if (loaded.isError && data === undefined) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void loaded.refetch()}>
            {t('lastPlanner.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('lastPlanner.loadFailed')}</AlertTitle>
        {describeError(loaded.error)}
      </Alert>
    );
  } else if (data === undefined) content = null;
  else {
    content = (
      <Stack spacing={2}>
        <Box>
          <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="lookahead-window">
            {t('lastPlanner.lookAhead.window', { from: formatIsoDate(data.from), to: formatIsoDate(data.to) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="lookahead-summary">
            {[
              t('lastPlanner.lookAhead.taskCount', { count: data.taskCount }),
              t('lastPlanner.lookAhead.readyCount', { count: data.readyCount }),
              t('lastPlanner.lookAhead.openCount', { count: data.openConstraints }),
            ].join(' · ')}
          </Typography>
          {data.overdueConstraints > 0 && (
            <Typography
              variant="body2"
              sx={{ color: 'error.main', display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
              data-testid="lookahead-overdue"
            >
              <WarningAmberIcon fontSize="small" />
              {t('lastPlanner.lookAhead.overdueSummary', { count: data.overdueConstraints })}
            </Typography>
          )}
          {from === 'cutoff' && data.cutoff === null && (
            <Typography variant="caption" color="text.secondary">
              {t('lastPlanner.lookAhead.noCutoffYet')}
            </Typography>
          )}
        </Box>
        {actionRefusal !== null && (
          <Alert severity="error" onClose={() => setActionRefusal(null)} data-testid="lookahead-refusal">
            {actionRefusal}
          </Alert>
        )}
        {data.groups.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="lookahead-empty">
            {t('lastPlanner.lookAhead.empty')}
          </Typography>
        ) : (
          <>
            <Box
              aria-hidden
              sx={{
                ...lookAheadGridSx,
                display: { xs: 'none', md: 'grid' },
                color: 'text.secondary',
                typography: 'caption',
                fontWeight: 600,
                px: 0,
              }}
            >
              <Box sx={{ pl: 5 }}>{t('lastPlanner.lookAhead.columnTask')}</Box>
              <Box>{t('lastPlanner.lookAhead.columnDates')}</Box>
              <Box>{t('lastPlanner.lookAhead.columnProgress')}</Box>
              <Box>{t('lastPlanner.lookAhead.columnState')}</Box>
              <Box sx={{ display: 'flex', gap: 0.5 }}>
                {data.weekStarts.map((start, index) => (
                  <Box
                    key={start}
                    sx={{ flex: 1, textAlign: 'center', whiteSpace: 'nowrap', overflow: 'hidden' }}
                    title={t('lastPlanner.lookAhead.weekColumnTitle', { n: index + 1, date: formatIsoDate(start) })}
                  >
                    {formatIsoDate(start).slice(0, 5)}
                  </Box>
                ))}
              </Box>
            </Box>
            {data.groups.map((group) => (
              <Box component="section" key={group.key} aria-labelledby={`group-${group.key}`}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'baseline', flexWrap: 'wrap', py: 0.5, borderBottom: 2, borderColor: 'divider' }}
                >
                  <Typography id={`group-${group.key}`} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                    {group.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('lastPlanner.lookAhead.groupReady', { ready: group.readyCount, total: group.tasks.length })}
                  </Typography>
                </Stack>
                <Box component="ul" aria-labelledby={`group-${group.key}`} sx={{ m: 0, p: 0 }}>
                  {group.tasks.map((task) => (
                    <LookAheadTask
                      key={task.id}
                      task={task}
                      weekStarts={data.weekStarts}
                      companyName={
                        data.groupBy === 'area'
                          ? task.companyId === null
                            ? t('lastPlanner.noCompany')
                            : (companyName.get(task.companyId) ?? task.companyId)
                          : null
                      }
                      isExpanded={expanded.has(task.id)}
                      onToggle={() => setExpanded((set) => toggle(set, task.id, !set.has(task.id)))}
                      isSelected={abilities.canPlan ? selected.has(task.id) : null}
                      onSelect={(isOn) => setSelected((set) => toggle(set, task.id, isOn))}
                      canEdit={abilities.canRun}
                      isBusy={isBusy}
                      onAdd={() => openConstraint(task, null)}
                      onEdit={(constraint) => openConstraint(task, constraint)}
                      onSetState={(constraint, state) => setState(task, constraint, state)}
                      onRemove={(constraint) => {
                        setRemoveRefusal(null);
                        setRemoving({ task, constraint });
                      }}
                    />
                  ))}
                </Box>
              </Box>
            ))}
          </>
        )}
      </Stack>
    );
  }

  const removingOthers =
    removing === null ? [] : removing.task.constraints.filter((c) => c.id !== removing.constraint.id);

  return (
    <PagePanel
      title={t('lastPlanner.lookAhead.title')}
      subtitle={`${project.code} · ${project.name}`}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {abilities.canPlan && (
            <Button
              variant="outlined"
              startIcon={<BusinessIcon />}
              disabled={selected.size === 0 || data === undefined}
              onClick={() => {
                setAssignRefusal(null);
                setIsAssigning(true);
              }}
            >
              {t('lastPlanner.lookAhead.assignCompany')}
              {selected.size > 0 && ` (${selected.size})`}
            </Button>
          )}
          {abilities.canRun && (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<SettingsIcon />}
              disabled={data === undefined}
              onClick={() => {
                setSettingsRefusal(null);
                setIsConfiguring(true);
              }}
            >
              {t('lastPlanner.lookAhead.settings')}
            </Button>
          )}
        </Stack>
      }
    >
      <Stack spacing={2}>
        <LastPlannerLinks projectNumber={project.id} current="lookAhead" />
        <Typography variant="body2" color="text.secondary">
          {t('lastPlanner.lookAhead.intro')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 2 }}
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            value={params.groupBy}
            aria-label={t('lastPlanner.lookAhead.groupBy')}
            onChange={(_event, value: 'company' | 'area' | null) => {
              if (value !== null) setParams((previous) => ({ ...previous, groupBy: value }));
            }}
          >
            <ToggleButton value="company">{t('lastPlanner.lookAhead.byCompany')}</ToggleButton>
            <ToggleButton value="area">{t('lastPlanner.lookAhead.byArea')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={t('lastPlanner.lookAhead.weeks')}
            value={weeks}
            onChange={(event) => setParams((previous) => ({ ...previous, weeks: Number(event.target.value) }))}
            sx={{ minWidth: 140 }}
          >
            {weekOptions.map((value) => (
              <MenuItem key={value} value={value}>
                {t('lastPlanner.lookAhead.weeksOption', { count: value })}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={from}
            aria-label={t('lastPlanner.lookAhead.from')}
            onChange={(_event, value: LookAheadFrom | null) => {
              if (value !== null) setParams((previous) => ({ ...previous, from: value }));
            }}
          >
            <ToggleButton value="cutoff">{t('lastPlanner.lookAhead.fromCutoff')}</ToggleButton>
            <ToggleButton value="today">{t('lastPlanner.lookAhead.fromToday')}</ToggleButton>
          </ToggleButtonGroup>
          {abilities.canPlan && selected.size > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('lastPlanner.lookAhead.selectedCount', { count: selected.size })}
            </Typography>
          )}
        </Stack>
        {!abilities.canRun && data !== undefined && (
          <Typography variant="body2" color="text.secondary" data-testid="lookahead-read-only">
            {t('lastPlanner.readOnly')}
          </Typography>
        )}
        {content}
      </Stack>
      {editing !== null && data !== undefined && (
        <Fragment key={editing.sequence}>
          <ConstraintDialog
            taskId={editing.task.id}
            taskText={taskLabel(editing.task)}
            constraint={editing.constraint}
            types={data.settings.constraintTypes}
            responsibles={responsibles}
            isSaving={saveConstraint.isPending}
            refusal={constraintRefusal}
            onSubmit={submitConstraint}
            onClose={() => setEditing(null)}
          />
        </Fragment>
      )}
      {isAssigning && (
        <AssignCompanyDialog
          taskCount={selected.size}
          companies={companies}
          isSaving={saveTaskCompany.isPending}
          refusal={assignRefusal}
          onClose={() => setIsAssigning(false)}
          onSubmit={(companyId) =>
            saveTaskCompany.mutate(
              { taskIds: [...selected], companyId },
              {
                onSuccess: () => {
                  setIsAssigning(false);
                  setSelected(new Set());
                },
                onError: (error) => setAssignRefusal(describeError(error)),
              },
            )
          }
        />
      )}
      {isConfiguring && data !== undefined && (
        <SettingsDialog
          settings={data.settings}
          isSaving={saveSettings.isPending}
          refusal={settingsRefusal}
          onClose={() => setIsConfiguring(false)}
          onSubmit={(settings) =>
            saveSettings.mutate(settings, {
              onSuccess: () => {
                setIsConfiguring(false);
                // the view follows the project's new setting
                setParams((previous) => ({ groupBy: previous.groupBy }));
              },
              onError: (error) => setSettingsRefusal(describeError(error)),
            })
          }
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        text={
          removing === null
            ? ''
            : t('lastPlanner.constraints.confirmRemove', {
                count: removing.task.constraints.length,
                type: removing.constraint.type,
                description: removing.constraint.description,
                task: taskLabel(removing.task),
                total: removing.task.constraints.length,
                open: removing.task.openConstraints,
                left: removingOthers.length,
                leftOpen: removingOthers.filter((c) => c.state === 'abierta').length,
              })
        }
        details={
          removeRefusal !== null && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {removeRefusal}
            </Alert>
          )
        }
        isBusy={removeConstraint.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemoval()}
      />
    </PagePanel>
  );
}
