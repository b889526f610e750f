import { formatIsoDate } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import { COMMITMENT_OUTCOME_LABELS, PPC_TARGET, addDays, ppcPasses, taskLabel } from '@cimiento/domain/last-planner';
import type { StoredCommitment } from '@cimiento/domain/last-planner';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditIcon from '@mui/icons-material/Edit';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ReplayIcon from '@mui/icons-material/Replay';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useMyProjectRole } from '@/lib/projects-query';
import {
  useCloseCommitment,
  useProjectPeople,
  useRemoveCommitment,
  useSaveCommitment,
  useWeeklyPlan,
} from '../api/last-planner';
import type { CloseField, CommitmentField, FieldErrors } from '../utils/field-errors';
import { closeFieldLabels, commitmentFieldLabels, splitFieldErrors } from '../utils/field-errors';
import { abilitiesOf, formatPercent } from '../utils/last-planner-view';
import { groupByCompany } from '../utils/weekly-plan-view';
import { CauseDialog } from './cause-dialog';
import { CommitmentDialog } from './commitment-dialog';
import { LastPlannerLinks } from './last-planner-links';
import { ReadinessChips, areaText } from './look-ahead-task';
import { TransferDialog } from './transfer-dialog';

/** The task the commitment dialog is for: taking a new commitment, or changing an open one. */
type CommitTarget = { id: number; code: string; name: string; unit: string | null };
type Committing = { task: CommitTarget; changing?: StoredCommitment; sequence: number } | null;

/** /projects/{id}/plan-semanal, 'Plan semanal' (issue 36): a week's commitments, their close and PPC. */
export function ProjectWeeklyPlan() {
  return <ProjectRouteGate>{(project) => <WeeklyPlanScreen key={project._id} project={project} />}</ProjectRouteGate>;
}

function TaskIdentity({ code, name, area }: { code: string; name: string; area: readonly string[] }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {code !== '' && (
          <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
            {code}
          </Box>
        )}
        {name}
      </Typography>
      {area.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {areaText(area)}
        </Typography>
      )}
    </Box>
  );
}

function Row({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        listStyle: 'none',
        borderTop: 1,
        borderColor: 'divider',
        py: 1,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 2fr) minmax(160px, 1.2fr) minmax(160px, 1fr) auto' },
        columnGap: 2,
        rowGap: 0.75,
        alignItems: 'center',
      }}
    >
      {children}
    </Box>
  );
}

export function WeeklyPlanScreen({ project }: { project: Pick<LoadedProject, '_id' | 'id' | 'code' | 'name'> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const projectId = project._id;
  const role = useMyProjectRole(projectId);
  const abilities = abilitiesOf(role);
  const [week, setWeek] = useState<string | null>(null);
  const loaded = useWeeklyPlan(projectId, week);
  const people = useProjectPeople(projectId);
  const data = loaded.data;
  const myCompany = people.data?.members.find((member) => member.userId === user?.id)?.companyId ?? null;
  /** a Subcontratista commits its company's tasks only */
  const mayCommit = (companyId: string | null) =>
    abilities.canCommit && (role !== 'subcontratista' || (companyId !== null && companyId === myCompany));

  const [committing, setCommitting] = useState<Committing>(null);
  const [commitRefusal, setCommitRefusal] = useState<FieldErrors<CommitmentField> | null>(null);
  const [closing, setClosing] = useState<StoredCommitment | null>(null);
  const [closeRefusal, setCloseRefusal] = useState<FieldErrors<CloseField> | null>(null);
  const [withdrawing, setWithdrawing] = useState<StoredCommitment | null>(null);
  const [withdrawRefusal, setWithdrawRefusal] = useState<string | null>(null);
  const [actionRefusal, setActionRefusal] = useState<string | null>(null);
  const [isTransferring, setIsTransferring] = useState(false);

  const saveCommitment = useSaveCommitment(projectId);
  const closeCommitment = useCloseCommitment(projectId);
  const removeCommitment = useRemoveCommitment(projectId);
  const isBusy = saveCommitment.isPending || closeCommitment.isPending || removeCommitment.isPending;

  function close(commitment: StoredCommitment, outcome: StoredCommitment['outcome'], cause: string | null = null) {
    setActionRefusal(null);
    closeCommitment.mutate(
      { commitmentId: commitment.id, version: commitment.version, outcome, cause },
      {
        onSuccess: () => setClosing(null),
        onError: (error) => {
          if (outcome === 'no-cumplido') setCloseRefusal(splitFieldErrors(describeError(error), closeFieldLabels));
          else setActionRefusal(describeError(error));
        },
      },
    );
  }

  const companies = data?.companies ?? [];
  const weekHasBegun = data !== undefined && data.week <= data.today;
  const committedTasks = new Set(data?.commitments.map((commitment) => commitment.taskId));

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
    const commitmentGroups = groupByCompany(data.commitments, companies, t('lastPlanner.noCompany'));
    const candidateGroups = groupByCompany(data.candidates, companies, t('lastPlanner.noCompany'));
    content = (
      <Stack spacing={3}>
        <Box
          sx={{
            p: 2,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            display: 'flex',
            gap: 2,
            flexWrap: 'wrap',
            alignItems: 'center',
          }}
          data-testid="weekly-ppc"
        >
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('lastPlanner.weekly.ppc')}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {formatPercent(data.ppc.ppc)}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2">
              {data.ppc.closed === 0
                ? t('lastPlanner.weekly.ppcNone')
                : t('lastPlanner.weekly.ppcDetail', { fulfilled: data.ppc.fulfilled, closed: data.ppc.closed })}
            </Typography>
            {data.ppc.notClosed > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('lastPlanner.weekly.ppcNotClosed', { count: data.ppc.notClosed })}
              </Typography>
            )}
          </Box>
          <Chip
            size="small"
            variant={data.ppc.ppc === null ? 'outlined' : 'filled'}
            color={data.ppc.ppc === null ? 'default' : ppcPasses(data.ppc.ppc) ? 'success' : 'warning'}
            label={t('lastPlanner.weekly.target', { target: PPC_TARGET })}
          />
        </Box>
        {actionRefusal !== null && (
          <Alert severity="error" onClose={() => setActionRefusal(null)} data-testid="weekly-refusal">
            {actionRefusal}
          </Alert>
        )}
        <Box component="section" aria-labelledby="commitments-title">
          <Typography id="commitments-title" variant="h6" component="h2">
            {t('lastPlanner.weekly.commitments')}
          </Typography>
          {commitmentGroups.length === 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="commitments-empty">
              {t('lastPlanner.weekly.commitmentsEmpty')}
            </Typography>
          )}
          {commitmentGroups.map((group) => (
            <Box key={group.key} sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2" component="h3" id={`commitments-${group.key}`}>
                {group.label}
              </Typography>
              <Box component="ul" aria-labelledby={`commitments-${group.key}`} sx={{ m: 0, p: 0 }}>
                {group.items.map((commitment) => (
                  <Row key={commitment.id} testId={`commitment-${commitment.taskId}`}>
                    <TaskIdentity code={commitment.taskCode} name={commitment.taskName} area={commitment.area} />
                    <Typography variant="body2">
                      <Box component="span" sx={{ color: 'text.secondary', display: { md: 'none' } }}>
                        {t('lastPlanner.weekly.whatWillBeDone')}:{' '}
                      </Box>
                      {commitment.amountText}
                    </Typography>
                    <Box>
                      <Chip
                        size="small"
                        icon={
                          commitment.outcome === 'cumplido' ? (
                            <CheckCircleIcon />
                          ) : commitment.outcome === 'no-cumplido' ? (
                            <CancelIcon />
                          ) : undefined
                        }
                        color={
                          commitment.outcome === 'cumplido'
                            ? 'success'
                            : commitment.outcome === 'no-cumplido'
                              ? 'error'
                              : 'default'
                        }
                        variant={commitment.outcome === null ? 'outlined' : 'filled'}
                        label={
                          commitment.outcome === null
                            ? t('lastPlanner.weekly.pending')
                            : COMMITMENT_OUTCOME_LABELS[commitment.outcome]
                        }
                        data-testid="commitment-state"
                      />
                      {commitment.cause !== null && (
                        <Typography variant="caption" sx={{ display: 'block' }}>
                          {t('lastPlanner.weekly.cause', { cause: commitment.cause })}
                        </Typography>
                      )}
                      {commitment.transferredCutoff !== null && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {t('lastPlanner.weekly.transferred', { date: formatIsoDate(commitment.transferredCutoff) })}
                        </Typography>
                      )}
                    </Box>
                    <Stack
                      direction="row"
                      spacing={0.5}
                      sx={{ flexWrap: 'wrap', rowGap: 0.5, justifyContent: { md: 'flex-end' } }}
                    >
                      {abilities.canRun && commitment.outcome === null && weekHasBegun && (
                        <>
                          <Button
                            size="small"
                            color="success"
                            variant="outlined"
                            startIcon={<CheckCircleIcon />}
                            disabled={isBusy}
                            aria-label={t('lastPlanner.weekly.fulfilledLabel', {
                              task: taskLabel({ code: commitment.taskCode, name: commitment.taskName }),
                            })}
                            onClick={() => close(commitment, 'cumplido')}
                          >
                            {t('lastPlanner.weekly.fulfilled')}
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            variant="outlined"
                            startIcon={<CancelIcon />}
                            disabled={isBusy}
                            aria-label={t('lastPlanner.weekly.notFulfilledLabel', {
                              task: taskLabel({ code: commitment.taskCode, name: commitment.taskName }),
                            })}
                            onClick={() => {
                              setCloseRefusal(null);
                              setClosing(commitment);
                            }}
                          >
                            {t('lastPlanner.weekly.notFulfilled')}
                          </Button>
                        </>
                      )}
                      {abilities.canRun && commitment.outcome !== null && commitment.transferredCutoff === null && (
                        <Button
                          size="small"
                          color="inherit"
                          startIcon={<ReplayIcon />}
                          disabled={isBusy}
                          aria-label={t('lastPlanner.weekly.reopenLabel', {
                            task: taskLabel({ code: commitment.taskCode, name: commitment.taskName }),
                          })}
                          onClick={() => close(commitment, null)}
                        >
                          {t('lastPlanner.weekly.reopen')}
                        </Button>
                      )}
                      {commitment.outcome === null && mayCommit(commitment.companyId) && (
                        <>
                          <Button
                            size="small"
                            color="inherit"
                            startIcon={<EditIcon />}
                            disabled={isBusy}
                            aria-label={t('lastPlanner.weekly.changeLabel', {
                              task: taskLabel({ code: commitment.taskCode, name: commitment.taskName }),
                            })}
                            onClick={() => {
                              setCommitRefusal(null);
                              setCommitting((previous) => ({
                                task: {
                                  id: commitment.taskId,
                                  code: commitment.taskCode,
                                  name: commitment.taskName,
                                  unit: commitment.unit,
                                },
                                changing: commitment,
                                sequence: (previous?.sequence ?? 0) + 1,
                              }));
                            }}
                          >
                            {t('lastPlanner.weekly.change')}
                          </Button>
                          <Button
                            size="small"
                            color="inherit"
                            disabled={isBusy}
                            aria-label={t('lastPlanner.weekly.withdrawLabel', {
                              task: taskLabel({ code: commitment.taskCode, name: commitment.taskName }),
                            })}
                            onClick={() => {
                              setWithdrawRefusal(null);
                              setWithdrawing(commitment);
                            }}
                          >
                            {t('lastPlanner.weekly.withdraw')}
                          </Button>
                        </>
                      )}
                    </Stack>
                  </Row>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Box component="section" aria-labelledby="candidates-title">
          <Typography id="candidates-title" variant="h6" component="h2">
            {t('lastPlanner.weekly.candidates')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('lastPlanner.weekly.candidatesIntro')}
          </Typography>
          {candidateGroups.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('lastPlanner.weekly.candidatesEmpty')}
            </Typography>
          )}
          {candidateGroups.map((group) => (
            <Box key={group.key} sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2" component="h3" id={`candidates-${group.key}`}>
                {group.label}
              </Typography>
              <Box component="ul" aria-labelledby={`candidates-${group.key}`} sx={{ m: 0, p: 0 }}>
                {group.items.map((task) => {
                  const open = task.constraints.filter((constraint) => constraint.state === 'abierta');
                  return (
                    <Row key={task.id} testId={`candidate-${task.id}`}>
                      <TaskIdentity code={task.code} name={task.name} area={task.area} />
                      <Typography variant="body2">
                        {formatIsoDate(task.start)} → {formatIsoDate(task.end)}
                      </Typography>
                      <Box>
                        <ReadinessChips task={task} />
                        {open.length > 0 && (
                          <Box
                            component="ul"
                            sx={{ m: 0, mt: 0.5, pl: 2.5 }}
                            aria-label={t('lastPlanner.weekly.notReadyOpen')}
                          >
                            {open.map((constraint) => (
                              <Typography
                                component="li"
                                variant="caption"
                                key={constraint.id}
                                sx={{ color: constraint.overdue ? 'error.main' : 'text.secondary' }}
                              >
                                {constraint.type}: {constraint.description} (
                                {t('lastPlanner.constraints.dueOn', { date: formatIsoDate(constraint.dueDate) })}
                                {constraint.overdue &&
                                  `, ${t('lastPlanner.constraints.overdue').toLocaleLowerCase('es-CL')}`}
                                )
                              </Typography>
                            ))}
                          </Box>
                        )}
                      </Box>
                      <Box sx={{ justifySelf: { md: 'end' } }}>
                        {committedTasks.has(task.id) ? (
                          <Chip
                            size="small"
                            color="info"
                            variant="outlined"
                            label={t('lastPlanner.weekly.committed')}
                          />
                        ) : (
                          task.ready &&
                          mayCommit(task.companyId) && (
                            <Button
                              size="small"
                              variant="contained"
                              color="success"
                              startIcon={<PlaylistAddIcon />}
                              disabled={isBusy}
                              aria-label={t('lastPlanner.weekly.commitLabel', { task: taskLabel(task) })}
                              onClick={() => {
                                setCommitRefusal(null);
                                setCommitting((previous) => ({ task, sequence: (previous?.sequence ?? 0) + 1 }));
                              }}
                            >
                              {t('lastPlanner.weekly.commit')}
                            </Button>
                          )
                        )}
                      </Box>
                    </Row>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Box>
      </Stack>
    );
  }

  return (
    <PagePanel
      title={t('lastPlanner.weekly.title')}
      subtitle={`${project.code} · ${project.name}`}
      actions={
        abilities.canRun && (
          <Button
            variant="contained"
            color="success"
            startIcon={<TrendingUpIcon />}
            disabled={data === undefined}
            onClick={() => setIsTransferring(true)}
          >
            {t('lastPlanner.weekly.transfer')}
          </Button>
        )
      }
    >
      <Stack spacing={2}>
        <LastPlannerLinks projectNumber={project.id} current="weeklyPlan" />
        <Typography variant="body2" color="text.secondary">
          {t('lastPlanner.weekly.intro')}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
            <IconButton
              aria-label={t('lastPlanner.weekly.previousWeek')}
              disabled={data === undefined}
              onClick={() => data !== undefined && setWeek(addDays(data.week, -7))}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography
              variant="subtitle1"
              sx={{ fontWeight: 600, minWidth: 0, textAlign: 'center' }}
              data-testid="weekly-week"
              aria-live="polite"
            >
              {data === undefined
                ? ''
                : t('lastPlanner.weekly.week', { from: formatIsoDate(data.week), to: formatIsoDate(data.weekEnd) })}
            </Typography>
            <IconButton
              aria-label={t('lastPlanner.weekly.nextWeek')}
              disabled={data === undefined}
              onClick={() => data !== undefined && setWeek(addDays(data.week, 7))}
            >
              <ChevronRightIcon />
            </IconButton>
          </Stack>
          <Button size="small" onClick={() => setWeek(null)} disabled={week === null}>
            {t('lastPlanner.weekly.thisWeek')}
          </Button>
        </Stack>
        {role === 'subcontratista' && (
          <Typography variant="body2" color="text.secondary">
            {t('lastPlanner.subcontractorNote')}
          </Typography>
        )}
        {content}
      </Stack>
      {committing !== null && data !== undefined && (
        <Fragment key={committing.sequence}>
          <CommitmentDialog
            taskId={committing.task.id}
            taskText={taskLabel(committing.task)}
            unit={committing.task.unit}
            week={committing.changing?.week ?? data.week}
            changing={committing.changing}
            isSaving={saveCommitment.isPending}
            refusal={commitRefusal}
            onClose={() => setCommitting(null)}
            onSubmit={(commitment) => {
              setCommitRefusal(null);
              saveCommitment.mutate(commitment, {
                onSuccess: () => setCommitting(null),
                onError: (error) => setCommitRefusal(splitFieldErrors(describeError(error), commitmentFieldLabels)),
              });
            }}
          />
        </Fragment>
      )}
      {closing !== null && data !== undefined && (
        <CauseDialog
          taskText={taskLabel({ code: closing.taskCode, name: closing.taskName })}
          causes={data.settings.causes}
          isSaving={closeCommitment.isPending}
          refusal={closeRefusal}
          onClose={() => setClosing(null)}
          onSubmit={(cause) => close(closing, 'no-cumplido', cause)}
        />
      )}
      {isTransferring && data !== undefined && (
        <TransferDialog projectId={projectId} defaultCutoff={data.today} onClose={() => setIsTransferring(false)} />
      )}
      <ConfirmDialog
        isOpen={withdrawing !== null}
        text={
          withdrawing === null
            ? ''
            : t('lastPlanner.weekly.confirmWithdraw', {
                task: taskLabel({ code: withdrawing.taskCode, name: withdrawing.taskName }),
                week: formatIsoDate(withdrawing.week),
                amount: withdrawing.amountText,
              })
        }
        details={
          withdrawRefusal !== null && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {withdrawRefusal}
            </Alert>
          )
        }
        isBusy={removeCommitment.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          if (withdrawing === null) return;
          removeCommitment.mutate(
            { commitmentId: withdrawing.id, version: withdrawing.version },
            { onSuccess: () => setWithdrawing(null), onError: (error) => setWithdrawRefusal(describeError(error)) },
          );
        }}
      />
    </PagePanel>
  );
}
