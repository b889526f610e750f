import { formatDateTime, formatNumber } from '@cimiento/domain';
import type { TFunction } from 'i18next';
import type { GanttPrintLabels } from './print-model';

/**
 * The printed pages' texts in the user's language: the title with the project's name and code, when
 * it was exported (`now`), the span and scale, the page numbers, the cut-off, the column titles and
 * the legend.
 */
export function ganttPrintLabels(
  t: TFunction,
  project: { name: string; code: string },
  now: Date,
  /** issue 32: 'Programa a 3 semanas' says so in its title */
  isThreeWeeks = false,
): GanttPrintLabels {
  return {
    title: t(isThreeWeeks ? 'gantt.print.threeWeeksTitle' : 'gantt.print.title', {
      project: project.name,
      code: project.code,
    }),
    exportedAt: t('gantt.print.exportedAt', { date: formatDateTime(now) }),
    info: ({ start, finish, count, scale }) =>
      t('gantt.print.info', {
        start,
        finish,
        count,
        formatted: formatNumber(count),
        scale: t(`gantt.print.scales.${scale}`),
      }),
    page: (page, total) => t('gantt.print.page', { page, total }),
    cutOff: (date) => t('gantt.print.cutOff', { date }),
    quarter: (quarter) => t('gantt.print.quarter', { quarter }),
    columns: {
      code: t('gantt.code'),
      name: t('gantt.name'),
      start: t('gantt.start'),
      finish: t('gantt.print.finish'),
      duration: t('gantt.duration'),
    },
    legend: {
      task: t('gantt.print.legend.task'),
      critical: t('gantt.print.legend.critical'),
      summary: t('gantt.print.legend.summary'),
      milestone: t('gantt.print.legend.milestone'),
      link: t('gantt.print.legend.link'),
      criticalLink: t('gantt.print.legend.criticalLink'),
      baseline: t('gantt.print.legend.baseline'),
    },
  };
}
