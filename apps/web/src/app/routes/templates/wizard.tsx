import { ProjectNewRoute } from '../projects/project-new';

/** '/applications/wizard': the project wizard, the same screen as /projects/new (issue 19). */
export function WizardRoute() {
  return <ProjectNewRoute />;
}
