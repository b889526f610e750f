import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { ProjectHistoryPanel } from '@/features/history/components/project-history-panel';
import { ProjectHome } from '@/features/projects/components/project-home';
import { useProjectRouteId } from '@/hooks/use-project-route';
import { projectQueryOptions } from '@/lib/project-api/load-project';

/** The project's history under its header card, once the project is known (issue 19). */
function ProjectHomeHistory() {
  const id = useProjectRouteId();
  const project = useQuery({ ...projectQueryOptions(id ?? ''), enabled: id !== null }).data;
  if (!project) return null;
  return <ProjectHistoryPanel projectId={project.id} />;
}

/** The id may be the word 'current' (the selected project). */
export function ProjectHomeRoute() {
  return (
    <Stack spacing={3}>
      <ProjectHome />
      <ProjectHomeHistory />
    </Stack>
  );
}
