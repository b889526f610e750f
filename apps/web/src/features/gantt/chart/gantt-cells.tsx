import { formatIsoDate, formatProgress } from '@cimiento/domain';
import type { IApi, ITask } from '@svar-ui/react-gantt';
import { createContext, useContext } from 'react';
import type { BarBox, ChartTask } from './gantt-chart-data';
import { baselineBox, chartPlacer, deadlineLeft } from './gantt-chart-data';
import { formatFinishVariance } from './gantt-columns';

/**
 * What the chart draws inside SVAR's grid cells and bars. Every text that may be cut carries its
 * full version in a tooltip (issue 12): the code and name with the task's EDP item, the
 * predecessors spelled out.
 */

/**
 * issue 32 (speed): the critical tasks of the chart's build (ChartData's `criticalIds`), which the
 * bars read here rather than from SVAR's tasks, so that a change of the critical path redraws the bars
 * shown and patches none of SVAR's 10,000 tasks.
 */
export const CriticalTasksContext = createContext<ReadonlySet<number>>(new Set());

/**
 * The bar's content: the name, and the mark the stylesheet paints critical bars by. With a chosen
 * baseline (issue 15), the task's baseline bar in grey under it, placed as SVAR places bars (the
 * free edition does not draw SVAR's own baselines); it takes no pointer, so a drag is the bar's.
 */
export function TaskBar({ data: task, api }: { data: ITask; api?: IApi }) {
  const data = task as ChartTask & Partial<BarBox>;
  const critical = useContext(CriticalTasksContext).has(data.id);
  const place =
    (data.baseStart || data.deadlineIso) && api
      ? chartPlacer(api.getState() as Parameters<typeof chartPlacer>[0])
      : null;
  const box =
    place && data.baseStart && data.$x !== undefined && data.$h !== undefined
      ? baselineBox({ ...data, $x: data.$x, $w: data.$w ?? 0, $h: data.$h }, place)
      : null;
  // issue 34: the deadline's marker, in the error colour when the task finishes after it
  const deadline = place && data.$x !== undefined ? deadlineLeft({ ...data, $x: data.$x }, place) : null;
  return (
    <>
      <div
        className={critical ? 'cim-bar cim-critical' : 'cim-bar'}
        data-task-id={data.id}
        data-critical={critical ? 'true' : 'false'}
        title={`${data.code === '' ? '' : `${data.code} `}${data.text}`}
      >
        {data.type === 'milestone' ? '' : data.text}
      </div>
      {box && (
        <div
          className={box.isMilestone ? 'cim-baseline cim-baseline-milestone' : 'cim-baseline'}
          data-baseline-id={data.id}
          aria-hidden="true"
          style={{ left: box.left, width: box.width }}
        />
      )}
      {deadline !== null && data.deadlineIso && (
        <div
          className={data.deadlineMissed ? 'cim-deadline cim-deadline-missed' : 'cim-deadline'}
          data-deadline-id={data.id}
          title={`Fecha límite: ${formatIsoDate(data.deadlineIso)}${data.deadlineMissed ? ' (termina después)' : ''}`}
          style={{ left: deadline }}
        />
      )}
    </>
  );
}

/** issue 32: the row number (MS Project's ID), not the internal TaskID. */
export function IdCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.rowNumber}</span>;
}

export function CodeCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return (
    <span className="cim-cell-text" title={row.title}>
      {row.code}
    </span>
  );
}

export function NameCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return (
    <span className="cim-cell-text" title={row.title}>
      {row.text}
    </span>
  );
}

export function StartCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{formatIsoDate(row.startIso)}</span>;
}

/** The last working day (a milestone's own day). */
export function FinishCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{formatIsoDate(row.endIso)}</span>;
}

export function DurationCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.workDays}</span>;
}

export function PredecessorsCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return (
    <span className="cim-cell-text" title={row.predecessorsTitle}>
      {row.predecessors}
    </span>
  );
}

/** issue 15: the chosen baseline's start ('Inicio LB'). */
export function BaselineStartCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.baseStartIso === undefined ? '' : formatIsoDate(row.baseStartIso)}</span>;
}

/** issue 15: the chosen baseline's last working day ('Fin LB'). */
export function BaselineFinishCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.baseEndIso === undefined ? '' : formatIsoDate(row.baseEndIso)}</span>;
}

/** issue 15: 'Δ Fin', working days late against the baseline (late ones in the error colour). */
export function FinishVarianceCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  const days = row.finishVariance;
  return (
    <span
      className={days !== undefined && days > 0 ? 'cim-variance cim-variance-late' : 'cim-variance'}
      data-variance={days ?? ''}
    >
      {formatFinishVariance(days)}
    </span>
  );
}

/** issue 34: 'Restante', the working days a leaf has left (empty for a summary). */
export function RemainingCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.remainingDays ?? ''}</span>;
}

export function ActualStartCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.actualStart === undefined ? '' : formatIsoDate(row.actualStart)}</span>;
}

export function ActualFinishCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.actualFinish === undefined ? '' : formatIsoDate(row.actualFinish)}</span>;
}

/**
 * issue 15: 'Avance', a summary's rolled up; issue 33: written as every screen writes a progress
 * figure (formatProgress: at most 2 decimals), so a summary reads as its estado de pago line.
 */
export function ProgressCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{formatProgress(row.progress)}</span>;
}

/** issue 35: 'Recursos' as MS Project writes it ('Cuadrilla moldaje[2]; Grúa torre'), in full in its tooltip. */
export function ResourcesCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return (
    <span className="cim-cell-text" title={row.resourceText}>
      {row.resourceText}
    </span>
  );
}

/** issue 35: 'Redistribución', the working days 'Redistribuir recursos' moved the start by (empty: none). */
export function LevelingDelayCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.levelingDelay === undefined ? '' : `+${row.levelingDelay}`}</span>;
}
