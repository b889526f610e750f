import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { EdpEditor } from './edp-editor';

/**
 * /projects/{id}/edp (product-spec.md §2 "EDP screen"): the id may be 'current'. Keyed by the
 * project, so opening another project starts a fresh editor.
 */
export function ProjectEdp() {
  return <ProjectRouteGate>{(project) => <EdpEditor key={project._id} project={project} />}</ProjectRouteGate>;
}
