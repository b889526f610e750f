import type { AreaType } from '@cimiento/domain';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useProjectWizardStore } from '../stores/project-wizard-store';
import { formatNumber } from '@cimiento/domain';
import { chosenAreaTypes, generatedEdpCount, sectorsSummary } from '../utils/area-plan';
import { areaTypeLabel, draftSequencing, readBudget } from '../utils/wizard-rules';
import type { DefinitionEntry } from './definition-list';
import { DefinitionList } from './definition-list';

/** Step 3, 'Resumen': the draft, read-only, as it will be saved. */
export function WizardSummaryStep({ areaTypes }: { areaTypes: AreaType[] }) {
  const { t } = useTranslation();
  const draft = useProjectWizardStore((state) => state.draft);
  const budget = readBudget(draft.budget, draft.currency);

  const entries: DefinitionEntry[] = [
    { key: 'name', term: t('projects.name'), value: draft.name.trim() },
    { key: 'code', term: t('projects.code'), value: draft.code.trim() },
    { key: 'template', term: t('projects.template'), value: draft.template },
    {
      key: 'sequencing',
      term: t('projects.sequencing'),
      value: t(`projects.sequencingModes.${draftSequencing(draft)}`),
    },
    {
      key: 'budget',
      term: t('projects.budget'),
      value:
        budget.kind === 'invalid' ? (
          <>
            {draft.currency} {draft.budget}{' '}
            <Typography component="span" variant="body2" color="error">
              ({budget.error})
            </Typography>
          </>
        ) : (
          budget.formatted
        ),
    },
    {
      key: 'period',
      term: t('projects.executionPeriod'),
      value: t('projects.period', { start: draft.startYear.trim(), end: draft.endYear.trim() }),
    },
    ...(draft.template === 'generica'
      ? areaTypes.map((areaType) => ({
          key: `area-${areaType._id}`,
          term: areaTypeLabel(areaType),
          value: draft.quantities[areaType._id] ?? 0,
        }))
      : []),
    // issue 35: each area's sub-areas and the EDP's size
    ...chosenAreaTypes(draft, areaTypes)
      .filter((areaType) => areaType.sectores.length > 0)
      .map((areaType) => ({
        key: `sectors-${areaType._id}`,
        term: t('projects.sectorsOfLabel', { label: areaTypeLabel(areaType) }),
        value: sectorsSummary(draft, areaType),
      })),
    ...(draft.template === 'generica'
      ? [{ key: 'edp-items', term: t('projects.edpItems'), value: formatNumber(generatedEdpCount(draft, areaTypes)) }]
      : []),
  ];

  return <DefinitionList entries={entries} />;
}
