import { dayNumber, isoDay } from '@cimiento/domain';
import type { PlannerLinkLabels } from '@cimiento/domain';
import { useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { notifyError } from '@/lib/stores/notices-store';
import type { GanttChartHandle } from '../chart/gantt-chart';
import { useGanttEditorStore } from '../editor/gantt-editor-store';
import type { GanttEditorState } from '../editor/gantt-editor-store';
import { todayInSantiago } from '../tracking/progress-grid';
import type { GanttExportFormat } from './gantt-export';
import { exportGantt, ganttFileName, paperOf, readChartColumns, readChartView } from './gantt-export';
import { GanttPrintDialog } from './gantt-print-dialog';
import { ganttPrintLabels } from './gantt-print-labels';
import { printInputOf } from './print-request';
import { threeWeekWindow } from './print-selection';
import type { PrintWindow } from './print-selection';

type PdfFormat = Exclude<GanttExportFormat, 'png'>;

const formatLabels = {
  'pdf-a4': 'gantt.exportPdfA4',
  'pdf-a3': 'gantt.exportPdfA3',
  'pdf-3w': 'gantt.exportThreeWeeks',
} as const satisfies Record<PdfFormat, string>;

/** The whole project's dates (the print dialog's default); four weeks from today for an empty Gantt. */
function projectWindow(state: Pick<GanttEditorState, 'projectStart' | 'projectFinish'>, today: string): PrintWindow {
  if (state.projectStart !== '' && state.projectFinish !== '') {
    return { start: state.projectStart, end: state.projectFinish };
  }
  return { start: today, end: isoDay(dayNumber(today) + 27) };
}

/**
 * issue 32, "print what you see": 'Exportar' → PDF asks for the date window ('Desde' / 'Hasta',
 * the whole project by default; 'Programa a 3 semanas' from the cut-off, or today, three weeks on)
 * and prints the rows, columns, baseline and cut-off the screen shows; the PNG prints the chart's
 * current view at once. The screen renders `dialog` and shows `isExporting` on its button.
 */
export function useGanttPrint(
  project: { name: string; code: string },
  ganttRef: RefObject<GanttChartHandle | null>,
  chartRef: RefObject<HTMLDivElement | null>,
): { isExporting: boolean; requestPrint: (format: GanttExportFormat) => void; dialog: ReactNode } {
  const { t, i18n } = useTranslation();
  const store = useGanttEditorStore();
  const [isExporting, setIsExporting] = useState(false);
  const [pending, setPending] = useState<{ format: PdfFormat; initial: PrintWindow } | null>(null);

  /** The rows and dates the chart shows now (the PNG's page); undefined when the chart cannot say. */
  function currentView() {
    const api = ganttRef.current?.api();
    const area = chartRef.current?.querySelector<HTMLElement>('.wx-chart');
    if (!api || !area) return undefined;
    return readChartView(api.getState() as Parameters<typeof readChartView>[0], area.clientWidth, area.clientHeight);
  }

  /** The grid's columns the chart shows now; none (the print's defaults) when the chart cannot say. */
  function chartColumns() {
    const api = ganttRef.current?.api();
    return api ? readChartColumns(api.getState() as Parameters<typeof readChartColumns>[0]) : [];
  }

  function linkLabels(): PlannerLinkLabels {
    return {
      types: {
        FS: t('gantt.linkShort.FS'),
        SS: t('gantt.linkShort.SS'),
        FF: t('gantt.linkShort.FF'),
        SF: t('gantt.linkShort.SF'),
      },
      day: t('gantt.dayShort'),
    };
  }

  async function run(format: GanttExportFormat, window?: PrintWindow) {
    const state = store.getState();
    setIsExporting(true);
    try {
      const now = new Date();
      const labels = ganttPrintLabels(t, project, now, format === 'pdf-3w');
      const input = printInputOf(state, {
        mode: format === 'pdf-3w' ? 'three-weeks' : 'screen',
        ...(window && { window }),
        columns: chartColumns(),
        paper: paperOf(format),
        linkLabels: linkLabels(),
      });
      const calendar = state.calendar;
      await exportGantt(
        format,
        { ...input, labels, locale: i18n.language, isWorkingDay: (day) => calendar.isWorkingDay(day) },
        format === 'png' ? currentView() : undefined,
        ganttFileName(project.code, format === 'png' ? 'png' : 'pdf', now),
      );
    } catch (error) {
      notifyError(t('gantt.exportFailed', { error: describeError(error) }));
    } finally {
      setIsExporting(false);
    }
  }

  function requestPrint(format: GanttExportFormat) {
    if (format === 'png') {
      void run('png');
      return;
    }
    const state = store.getState();
    const today = todayInSantiago();
    setPending({
      format,
      initial: format === 'pdf-3w' ? threeWeekWindow(state.cutoff, today) : projectWindow(state, today),
    });
  }

  const dialog = pending && (
    <GanttPrintDialog
      mode={pending.format === 'pdf-3w' ? 'three-weeks' : 'screen'}
      formatLabel={t(formatLabels[pending.format])}
      initial={pending.initial}
      onPrint={(window) => {
        setPending(null);
        void run(pending.format, window);
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { isExporting, requestPrint, dialog };
}
