import type { GanttOutput, GanttTask } from '@cimiento/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import type { CalendarDay, MonthRef, NonWorkingReason } from '../utils/calendar-month';
import { buildCalendarMonth, monthOf, shiftMonth } from '../utils/calendar-month';
import { todayInSantiago } from '../utils/today';
import { CurrentProjectTasks, OpenGanttButton } from './current-project-tasks';

/** Tasks listed in a day's cell; the rest are counted. */
export const CALENDAR_TASKS_PER_DAY = 3;

/** The month first shown: today's when the project runs then, else the project's first month. */
export function initialMonth(gantt: Pick<GanttOutput, 'projectStart' | 'projectFinish'>, today: string): MonthRef {
  const { projectStart, projectFinish } = gantt;
  if (projectStart === '' || (today >= projectStart && today <= projectFinish)) return monthOf(today);
  return monthOf(projectStart);
}

function monthLabel({ year, month }: MonthRef, language: string): string {
  const text = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

function DayCell({ day }: { day: CalendarDay<GanttTask> }) {
  const { t, i18n } = useTranslation();
  const reason: NonWorkingReason | null = day.nonWorking;
  const reasonText =
    reason === null
      ? null
      : reason.kind === 'holiday'
        ? t('taskViews.calendar.holiday')
        : reason.kind === 'exception'
          ? reason.name || t('taskViews.calendar.nonWorking')
          : null;
  const fullDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day.date}T00:00:00Z`),
  );
  const shown = day.tasks.slice(0, CALENDAR_TASKS_PER_DAY);
  return (
    <Box
      component="td"
      data-date={day.date}
      data-non-working={reason?.kind}
      aria-current={day.isToday ? 'date' : undefined}
      sx={(theme) => ({
        verticalAlign: 'top',
        p: 0.5,
        height: 112,
        border: 1,
        borderColor: 'divider',
        bgcolor:
          reason === null
            ? 'background.paper'
            : theme.palette.mode === 'dark'
              ? alpha(theme.palette.common.white, 0.06)
              : theme.palette.grey[100],
        ...(day.isToday && { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` }),
      })}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'baseline', mb: 0.5, minWidth: 0 }}>
        <Typography
          variant="body2"
          component="span"
          sx={{
            fontWeight: day.isToday ? 700 : 500,
            color: reason || !day.inMonth ? 'text.secondary' : 'text.primary',
          }}
        >
          <Box component="span" aria-hidden>
            {day.day}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {fullDate}
            {day.isToday ? `, ${t('taskViews.calendar.todayMark')}` : ''}
          </Box>
        </Typography>
        {reasonText && (
          <Typography
            variant="caption"
            component="span"
            title={reasonText}
            sx={(theme) => ({
              // the darker (light mode) or lighter (dark mode) red keeps its contrast on the grey day
              color:
                reason?.kind === 'holiday'
                  ? theme.palette.mode === 'dark'
                    ? 'error.light'
                    : 'error.dark'
                  : 'text.secondary',
              fontWeight: 600,
            })}
            noWrap
          >
            {reasonText}
          </Typography>
        )}
      </Stack>
      <Stack component="ul" spacing={0.25} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {shown.map((task) => (
          <Tooltip key={task.TaskID} title={`${task.TaskCode} · ${task.TaskName}`}>
            <Typography
              component="li"
              variant="caption"
              noWrap
              data-task-id={task.TaskID}
              sx={(theme) => ({
                display: 'block',
                px: 0.5,
                borderRadius: 0.5,
                borderLeft: 3,
                borderLeftColor: task.critical ? 'error.main' : 'info.main',
                bgcolor: alpha(task.critical ? theme.palette.error.main : theme.palette.info.main, 0.12),
                color: 'text.primary',
              })}
            >
              <Box component="span" sx={{ fontWeight: 700, mr: 0.5 }}>
                {task.TaskCode}
              </Box>
              {task.TaskName}
            </Typography>
          </Tooltip>
        ))}
        {day.tasks.length > shown.length && (
          <Typography component="li" variant="caption" color="text.secondary">
            {t('taskViews.calendar.more', { count: day.tasks.length - shown.length })}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

function CalendarContent({ gantt, project }: { gantt: GanttOutput; project: { id: string; name: string } }) {
  const { t, i18n } = useTranslation();
  const today = todayInSantiago();
  const [month, setMonth] = useState<MonthRef>(() => initialMonth(gantt, today));
  const weeks = useMemo(
    () => buildCalendarMonth(month, gantt.activities, gantt.calendar, today),
    [month, gantt.activities, gantt.calendar, today],
  );
  const label = monthLabel(month, i18n.language);
  const names = weekdayNames(i18n.language);
  return (
    <PagePanel
      title={t('pages.calendar')}
      subtitle={t('taskViews.calendar.subtitle', { project: project.name })}
      actions={<OpenGanttButton projectId={project.id} />}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <IconButton
          aria-label={t('taskViews.calendar.previous')}
          onClick={() => setMonth((old) => shiftMonth(old, -1))}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label={t('taskViews.calendar.next')} onClick={() => setMonth((old) => shiftMonth(old, 1))}>
          <ChevronRightIcon />
        </IconButton>
        <Button variant="outlined" size="small" onClick={() => setMonth(monthOf(today))}>
          {t('taskViews.calendar.today')}
        </Button>
        <Typography variant="h6" component="h2" aria-live="polite" sx={{ ml: 1 }} data-testid="calendar-month">
          {label}
        </Typography>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          aria-label={label}
          sx={{ width: '100%', minWidth: 640, borderCollapse: 'collapse', tableLayout: 'fixed' }}
        >
          <thead>
            <tr>
              {names.map((name) => (
                <Box
                  component="th"
                  scope="col"
                  key={name}
                  sx={{ py: 0.5, typography: 'caption', fontWeight: 700, color: 'text.secondary', textAlign: 'left' }}
                >
                  {name}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]?.date}>
                {week.map((day) => (
                  <DayCell key={day.date} day={day} />
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 1.5, flexWrap: 'wrap' }} useFlexGap>
        <Legend swatch={(theme) => ({ bgcolor: 'background.paper', border: `1px solid ${theme.palette.divider}` })}>
          {t('taskViews.calendar.legendWorking')}
        </Legend>
        <Legend
          swatch={(theme) => ({
            bgcolor: theme.palette.mode === 'dark' ? alpha(theme.palette.common.white, 0.06) : theme.palette.grey[100],
            border: `1px solid ${theme.palette.divider}`,
          })}
        >
          {t('taskViews.calendar.legendNonWorking')}
        </Legend>
        <Legend
          swatch={(theme) => ({
            borderLeft: `3px solid ${theme.palette.error.main}`,
            bgcolor: alpha(theme.palette.error.main, 0.12),
          })}
        >
          {t('taskViews.calendar.legendCritical')}
        </Legend>
      </Stack>
    </PagePanel>
  );
}

function Legend({ swatch, children }: { swatch: (theme: Theme) => Record<string, unknown>; children: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box aria-hidden sx={(theme) => ({ width: 16, height: 12, borderRadius: 0.5, ...swatch(theme) })} />
      <Typography variant="caption">{children}</Typography>
    </Stack>
  );
}

/**
 * '/applications/calendar' (issue 19): the current project's leaf tasks by month, on the days of
 * their span, with Chile's holidays and the project's non-working days (its weekdays and exceptions).
 */
export function TaskCalendar() {
  const { t } = useTranslation();
  return (
    <CurrentProjectTasks title={t('pages.calendar')}>
      {(gantt, project) => <CalendarContent gantt={gantt} project={project} />}
    </CurrentProjectTasks>
  );
}
