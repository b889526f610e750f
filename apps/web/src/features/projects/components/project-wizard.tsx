import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagePanel } from '@/components/ui/page-panel';
import { useSelectProject } from '@/lib/stores/project-store';
import { useProjectCodeCheck } from '../api/check-project-code';
import { areaTypesQueryOptions } from '../api/load-area-types';
import { useSaveProject } from '../api/save-project';
import { LAST_WIZARD_STEP, WIZARD_STEP_COUNT, useProjectWizardStore } from '../stores/project-wizard-store';
import {
  canLeaveBasicStep,
  canLeaveFinancialStep,
  canOpenStep,
  orderAreaTypes,
  toProjectInput,
} from '../utils/wizard-rules';
import { WizardBasicStep } from './wizard-basic-step';
import { WizardFinancialStep } from './wizard-financial-step';
import { WizardSummaryStep } from './wizard-summary-step';

/**
 * /projects/new (product-spec.md §2 "New project wizard", §4, §5): three steps with a clickable
 * progress bar, Anterior/Siguiente, and on the summary 'Crear proyecto', confirmed before saving.
 * The draft is cleared on opening; after saving, the project's EDP opens.
 */
export function ProjectWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectProject = useSelectProject();
  const activeStep = useProjectWizardStore((state) => state.activeStep);
  const draft = useProjectWizardStore((state) => state.draft);
  const next = useProjectWizardStore((state) => state.next);
  const previous = useProjectWizardStore((state) => state.previous);
  const goToStep = useProjectWizardStore((state) => state.goToStep);
  const reset = useProjectWizardStore((state) => state.reset);
  const resetStep = useProjectWizardStore((state) => state.resetStep);
  const [isConfirming, setIsConfirming] = useState(false);

  // "The project draft is cleared on opening" (before the first paint, so no old draft flashes)
  useLayoutEffect(() => reset(), [reset]);

  // loaded if not yet loaded (the catalogue screen may have it already)
  const areaTypesQuery = useQuery(areaTypesQueryOptions());
  const areaTypes = useMemo(() => orderAreaTypes(areaTypesQuery.data ?? []), [areaTypesQuery.data]);
  // issue 12: whether the code is free, asked as it is typed (saveProject still refuses a duplicate)
  const codeCheck = useProjectCodeCheck(draft.code);

  const save = useSaveProject({
    onSuccess: (project) => {
      resetStep();
      selectProject({ id: project.id, name: project.name });
      void navigate(`/projects/${project.id}/edp`);
    },
  });

  const steps = [t('projects.stepBasic'), t('projects.stepFinancial'), t('projects.stepSummary')];
  const isLastStep = activeStep === LAST_WIZARD_STEP;
  const canGoForward =
    activeStep === 0
      ? canLeaveBasicStep(draft, codeCheck, areaTypes)
      : activeStep === 1
        ? canLeaveFinancialStep(draft)
        : true;

  function handleForward() {
    if (isLastStep) setIsConfirming(true);
    else next();
  }

  function handleConfirm() {
    save.mutate(toProjectInput(draft, areaTypes), { onSettled: () => setIsConfirming(false) });
  }

  return (
    <PagePanel title={t('projects.newProject')}>
      <Stepper nonLinear activeStep={activeStep} alternativeLabel sx={{ mb: 2 }}>
        {steps.map((label, index) => (
          <Step key={label} completed={index < activeStep}>
            <StepButton disabled={!canOpenStep(index, draft, codeCheck, areaTypes)} onClick={() => goToStep(index)}>
              {label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <LinearProgress
        variant="determinate"
        value={((activeStep + 1) / WIZARD_STEP_COUNT) * 100}
        aria-label={t('projects.wizardProgress')}
        color="success"
        sx={{ height: 6, borderRadius: 3, mb: 3 }}
      />
      <Box component="section" aria-labelledby="wizard-step-title">
        <Typography id="wizard-step-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {steps[activeStep]}
        </Typography>
        {activeStep === 0 && (
          <WizardBasicStep
            codeCheck={codeCheck}
            areaTypes={areaTypes}
            isPending={areaTypesQuery.isPending}
            isError={areaTypesQuery.isError}
          />
        )}
        {activeStep === 1 && <WizardFinancialStep />}
        {activeStep === 2 && <WizardSummaryStep areaTypes={areaTypes} />}
      </Box>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', mt: 3 }}>
        <Button variant="outlined" color="inherit" disabled={activeStep === 0} onClick={previous}>
          {t('projects.previous')}
        </Button>
        <Button variant="contained" color="success" disabled={!canGoForward} onClick={handleForward}>
          {isLastStep ? t('projects.create') : t('projects.next')}
        </Button>
      </Stack>
      <ConfirmDialog
        isOpen={isConfirming}
        text={t('projects.confirmCreate')}
        confirmColor="success"
        isBusy={save.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={handleConfirm}
      />
    </PagePanel>
  );
}
