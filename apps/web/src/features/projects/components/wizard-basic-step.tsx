import {
  MAX_AREA_QUANTITY,
  MAX_EDP_ITEMS,
  MAX_SECTOR_QUANTITY,
  formatNumber,
  projectTemplates,
  sequencingModes,
} from '@cimiento/domain';
import type { AreaType, ProjectTemplate } from '@cimiento/domain';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusTextField } from '@/components/ui/status-text-field';
import { useProjectWizardStore } from '../stores/project-wizard-store';
import type { CodeCheck } from '../utils/wizard-rules';
import {
  areaTypeLabel,
  draftSequencing,
  isFilled,
  isNonZeroNumber,
  isSequencingMode,
  toQuantity,
} from '../utils/wizard-rules';
import { generatedEdpCount, sectorQuantityError, sectorQuantityText } from '../utils/area-plan';
import { useCodeFieldState } from './use-code-field-state';

function isTemplate(value: string): value is ProjectTemplate {
  return (projectTemplates as readonly string[]).includes(value);
}

export type AreaTypesState = { areaTypes: AreaType[] | undefined; isPending: boolean; isError: boolean };

/**
 * Issue 35: under an area type the EDP gets, how many of each of its sub-areas each area has
 * ('cada Torre tiene 1 Subterráneo, 12 Piso tipo, 1 Cubierta'), the catalogue's quantity until typed.
 */
function SectorQuantities({ areaType, label }: { areaType: AreaType; label: string }) {
  const { t } = useTranslation();
  const draft = useProjectWizardStore((state) => state.draft);
  const setSectorQuantity = useProjectWizardStore((state) => state.setSectorQuantity);
  return (
    <TableRow>
      <TableCell colSpan={2} sx={{ pl: 4 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('projects.sectorsOf', { name: areaType.name })}
        </Typography>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          {areaType.sectores.map((sector) => {
            const error = sectorQuantityError(draft, areaType, sector);
            return (
              <TextField
                key={sector.id}
                type="number"
                size="small"
                label={sector.name}
                value={sectorQuantityText(draft, areaType, sector)}
                onChange={(event) => setSectorQuantity(areaType._id, sector.id, event.target.value)}
                error={error !== ''}
                helperText={error === '' ? ' ' : error}
                slotProps={{
                  htmlInput: {
                    min: 0,
                    max: MAX_SECTOR_QUANTITY,
                    step: 1,
                    'aria-label': t('projects.sectorQuantityOf', { sector: sector.name, label }),
                  },
                }}
                sx={{ width: 160 }}
              />
            );
          })}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** How many EDP items the project will get, before it is created (issue 35); an error over the maximum. */
function EdpItemCount({ areaTypes }: { areaTypes: readonly AreaType[] }) {
  const { t } = useTranslation();
  const draft = useProjectWizardStore((state) => state.draft);
  const count = generatedEdpCount(draft, areaTypes);
  const isTooBig = count > MAX_EDP_ITEMS;
  return (
    <Typography variant="body2" data-testid="wizard-edp-count" color={isTooBig ? 'error' : 'text.secondary'}>
      {isTooBig
        ? t('projects.edpCountTooBig', { items: formatNumber(count), max: formatNumber(MAX_EDP_ITEMS) })
        : t('projects.edpCount', { count, items: formatNumber(count) })}
    </Typography>
  );
}

/** The quantity per area type (generic template only), each starting at 0. */
function AreaTypeQuantities({ areaTypes, isPending, isError }: AreaTypesState) {
  const { t } = useTranslation();
  const quantities = useProjectWizardStore((state) => state.draft.quantities);
  const setQuantity = useProjectWizardStore((state) => state.setQuantity);

  // while the list loads the global spinner covers the page
  if (isPending) return null;
  if (isError) {
    return (
      <Typography variant="body2" color="error">
        {t('projects.areaTypesFailed')}
      </Typography>
    );
  }
  if (!areaTypes || areaTypes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('projects.noAreaTypes')}{' '}
        <Link component={RouterLink} to="/admin/tipos-area">
          {t('projects.addAreaTypes')}
        </Link>
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ maxHeight: 440 }}>
      <Table size="small" stickyHeader aria-label={t('projects.areaTypes')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('projects.areaType')}</TableCell>
            <TableCell sx={{ width: 140 }}>{t('projects.quantity')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {areaTypes.map((areaType) => {
            const label = areaTypeLabel(areaType);
            const hasSectors = (quantities[areaType._id] ?? 0) > 0 && areaType.sectores.length > 0;
            return (
              <Fragment key={areaType._id}>
                <TableRow>
                  <TableCell>{label}</TableCell>
                  <TableCell>
                    <TextField
                      type="number"
                      size="small"
                      value={String(quantities[areaType._id] ?? 0)}
                      onChange={(event) => setQuantity(areaType._id, toQuantity(event.target.value))}
                      slotProps={{
                        htmlInput: {
                          min: 0,
                          max: MAX_AREA_QUANTITY,
                          step: 1,
                          'aria-label': t('projects.quantityOf', { label }),
                        },
                      }}
                    />
                  </TableCell>
                </TableRow>
                {hasSectors && <SectorQuantities areaType={areaType} label={label} />}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export type WizardBasicStepProps = AreaTypesState & { codeCheck: CodeCheck };

/**
 * Step 1, 'Datos básicos': name, code, priority, EDP template, the Gantt's sequencing option
 * (issue 13, docs/SEQUENCING.md) and, for generica, the area types.
 */
export function WizardBasicStep({ codeCheck, ...props }: WizardBasicStepProps) {
  const { t } = useTranslation();
  const draft = useProjectWizardStore((state) => state.draft);
  const updateDraft = useProjectWizardStore((state) => state.updateDraft);
  const codeField = useCodeFieldState(draft.code, codeCheck);

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <StatusTextField
          label={t('projects.name')}
          autoComplete="off"
          value={draft.name}
          onChange={(event) => updateDraft({ name: event.target.value })}
          isValid={isFilled(draft.name)}
          errorText={t('projects.required')}
        />
        <StatusTextField
          label={t('projects.code')}
          autoComplete="off"
          value={draft.code}
          onChange={(event) => updateDraft({ code: event.target.value })}
          isValid={codeField.isValid}
          isNeutral={codeField.isNeutral}
          errorText={codeField.errorText}
          {...(codeField.helperText === undefined ? {} : { helperText: codeField.helperText })}
          sx={{ maxWidth: { md: 320 } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <StatusTextField
          label={t('projects.priority')}
          type="number"
          value={draft.priority}
          onChange={(event) => updateDraft({ priority: event.target.value })}
          isValid={isNonZeroNumber(draft.priority)}
          errorText={t('projects.priorityRequired')}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          sx={{ maxWidth: { md: 200 } }}
        />
        <TextField
          select
          label={t('projects.template')}
          value={draft.template}
          onChange={(event) => {
            if (isTemplate(event.target.value)) updateDraft({ template: event.target.value });
          }}
          helperText=" "
          sx={{ minWidth: 220 }}
        >
          {projectTemplates.map((template) => (
            <MenuItem key={template} value={template}>
              {template}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('projects.sequencing')}
          value={draftSequencing(draft)}
          onChange={(event) => {
            if (isSequencingMode(event.target.value)) updateDraft({ sequencing: event.target.value });
          }}
          helperText={t('projects.sequencingHelp')}
          sx={{ minWidth: 240 }}
        >
          {sequencingModes.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`projects.sequencingModes.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {draft.template === 'generica' && <AreaTypeQuantities {...props} />}
      {draft.template === 'generica' && !props.isPending && <EdpItemCount areaTypes={props.areaTypes ?? []} />}
    </Stack>
  );
}
