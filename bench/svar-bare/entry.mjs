// The bare SVAR page (bench/gantt-screen.mjs): only SVAR React Gantt, fed the same activities the
// product's loadGantt answers, converted in the page. Bundled by esbuild; no fonts from the CDN.
/* global document, window -- runs in the browser */
import { Gantt, Willow } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const LINK_TYPES = { FS: 'e2s', SS: 's2s', FF: 'e2e', SF: 's2e' };
const PREDECESSOR = /^(\d+)(FS|SS|FF|SF)?([+-]\d+)?$/;

function localDate(iso) {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

function dayAfter(iso) {
  const date = localDate(iso);
  date.setDate(date.getDate() + 1);
  return date;
}

/** loadGantt's activities → SVAR tasks and links (end exclusive: the day after the last working day). */
function chartData(activities) {
  const tasks = [];
  const links = [];
  for (const activity of activities) {
    const isMilestone = !activity.isSummary && activity.Duration === 0;
    const start = localDate(activity.StartDate);
    tasks.push({
      id: activity.TaskID,
      text: activity.TaskName,
      start,
      end: isMilestone ? start : dayAfter(activity.EndDate),
      parent: activity.ParentId ?? 0,
      type: activity.isSummary ? 'summary' : isMilestone ? 'milestone' : 'task',
      progress: activity.Progress,
      // SVAR walks the children of every open task: only summaries have any
      ...(activity.isSummary ? { open: true } : {}),
    });
    for (const part of activity.Predecessor.split(',')) {
      const match = PREDECESSOR.exec(part.trim());
      if (!match) continue;
      const source = Number(match[1]);
      links.push({
        id: `${source}_${activity.TaskID}`,
        source,
        target: activity.TaskID,
        type: LINK_TYPES[match[2] ?? 'FS'],
      });
    }
  }
  return { tasks, links };
}

const scales = [
  { unit: 'month', step: 1, format: '%F %Y' },
  { unit: 'week', step: 1, format: '%d' },
];

const source = new URLSearchParams(window.location.search).get('data') ?? '/data.json';
const response = await fetch(source);
const { tasks, links } = chartData((await response.json()).activities);
createRoot(document.getElementById('root')).render(
  createElement(
    Willow,
    { fonts: false },
    createElement(Gantt, { tasks, links, scales, lengthUnit: 'day', cellWidth: 16, cellHeight: 32 }),
  ),
);
