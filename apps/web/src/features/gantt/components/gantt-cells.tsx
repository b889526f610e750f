import { formatIsoDate } from '@cimiento/domain';
import type { ITask } from '@svar-ui/react-gantt';
import type { ChartTask } from '../utils/gantt-chart-data';

/**
 * What the chart draws inside SVAR's grid cells and bars. Every text that may be cut carries its
 * full version in a tooltip (issue 12): the code and name with the task's EDP item, the
 * predecessors spelled out.
 */

/** The bar's content: the name, and the mark the stylesheet paints critical bars by. */
export function TaskBar({ data: task }: { data: ITask }) {
  const data = task as ChartTask;
  return (
    <div
      className={data.critical ? 'cim-bar cim-critical' : 'cim-bar'}
      data-task-id={data.id}
      data-critical={data.critical ? 'true' : 'false'}
      title={`${data.code === '' ? '' : `${data.code} `}${data.text}`}
    >
      {data.type === 'milestone' ? '' : data.text}
    </div>
  );
}

export function IdCell({ row: cellRow }: { row: unknown }) {
  const row = cellRow as ChartTask;
  return <span>{row.id}</span>;
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
