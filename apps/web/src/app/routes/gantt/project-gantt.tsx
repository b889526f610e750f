import { ProjectGantt } from '@/features/gantt/screen/gantt-screen';

/** The id may be the word 'current' (the selected project). */
export function ProjectGanttRoute() {
  return <ProjectGantt />;
}
