import { useProjectWizardStore } from '../stores/project-wizard-store';
import { ProjectFinancialFields } from './project-financial-fields';

/** Step 2, 'Datos financieros': currency, budget and the execution years (fields shared with 'Editar proyecto'). */
export function WizardFinancialStep() {
  const draft = useProjectWizardStore((state) => state.draft);
  const updateDraft = useProjectWizardStore((state) => state.updateDraft);
  return <ProjectFinancialFields values={draft} onChange={updateDraft} checksYearRange />;
}
