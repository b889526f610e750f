import { UnderConstruction } from '@/components/ui/under-construction';
import { ProjectRouteGate } from '@/components/project/project-route-gate';

export type ProjectPlaceholderProps = {
  /** 'Proyecto - EDC', 'Proyecto - Gantt'. */
  subtitle: string;
};

/** A project screen a later issue builds (EDC, Gantt): the project resolved, then 'En construcción'. */
export function ProjectPlaceholder({ subtitle }: ProjectPlaceholderProps) {
  return (
    <ProjectRouteGate>{(project) => <UnderConstruction title={project.name} subtitle={subtitle} />}</ProjectRouteGate>
  );
}
