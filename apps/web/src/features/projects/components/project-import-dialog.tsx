import { formatIsoDate, formatNumber } from '@cimiento/domain';
import type { XerCodePage } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ImportDialog } from '@/components/import/import-dialog';
import { ImportMessages } from '@/components/import/import-preview';
import { StatusTextField } from '@/components/ui/status-text-field';
import { useFormImport } from '@/hooks/import-flows';
import type { ImportFile } from '@/hooks/use-file-import';
import { isFunctionError } from '@/lib/api-client';
import { readFileBase64, readXmlFileText } from '@/lib/file-reading';
import { useSelectProject } from '@/lib/stores/project-store';
import { useProjectCodeCheck } from '../api/check-project-code';
import { useImportProject, useScheduleFilePreview } from '../api/import-project';
import type { ImportProjectResult, ImportProjectVariables } from '../api/import-project';
import { canCreateImported, describeWeekdays, refuseScheduleFile, scheduleFileFormat } from '../utils/import-rules';
import { isFilled } from '../utils/wizard-rules';
import { DefinitionList } from './definition-list';
import { useCodeFieldState } from './use-code-field-state';

/** A P6 file's project and code page as the user chose them in the preview (issue 34); none for MSPDI. */
type XerChoice = { projectId?: string; codePage?: XerCodePage };

/** 'utf-8' means: as the server reads it by itself (UTF-8 when it is). */
type EncodingOption = 'utf-8' | XerCodePage;

/**
 * What a P6 file lets the user choose before importing: which of its projects (when it holds
 * several; external ones marked) and which code page its text is in (P6 does not say).
 */
function XerChoices({
  result,
  disabled,
  onChange,
}: {
  result: ImportProjectResult;
  disabled: boolean;
  onChange: (choice: XerChoice) => void;
}) {
  const { t } = useTranslation();
  const { projects, projectId, encoding } = result.preview;
  const hasProjects = projects !== undefined && projects.length > 1;
  if (encoding === undefined && !hasProjects) return null;
  const codePage = encoding === undefined || encoding === 'utf-8' ? undefined : encoding;
  const encodings: EncodingOption[] =
    encoding === 'utf-8' ? ['utf-8', 'windows-1252', 'windows-1251'] : ['windows-1252', 'windows-1251'];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {hasProjects && (
        <TextField
          select
          label={t('projectImport.fileProject')}
          value={projectId ?? ''}
          disabled={disabled}
          onChange={(event) => onChange({ projectId: event.target.value, ...(codePage ? { codePage } : {}) })}
          helperText={t('projectImport.fileProjectHelp', {
            count: projects.length,
            formatted: formatNumber(projects.length),
          })}
          sx={{ flex: 2 }}
        >
          {projects.map((project) => (
            <MenuItem key={project.id} value={project.id}>
              {t(project.isExternal ? 'projectImport.fileProjectExternal' : 'projectImport.fileProjectOption', {
                id: project.shortName,
                name: project.name,
                count: project.activityCount,
                formatted: formatNumber(project.activityCount),
              })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {encoding !== undefined && (
        <TextField
          select
          label={t('projectImport.encoding')}
          value={encoding}
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.value as EncodingOption;
            onChange({ ...(projectId ? { projectId } : {}), ...(chosen === 'utf-8' ? {} : { codePage: chosen }) });
          }}
          helperText={t('projectImport.encodingHelp')}
          sx={{ flex: 1 }}
        >
          {encodings.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`projectImport.encodings.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}

function MspdiPreviewView({ result }: { result: ImportProjectResult }) {
  const { t } = useTranslation();
  const { preview, warnings } = result;
  const weekdays = describeWeekdays(preview.calendar.workingWeekdays, {
    name: (key) => t(`projectImport.weekdays.${key}`),
    range: (from, to) => t('projectImport.weekdayRange', { from, to }),
    and: t('projectImport.listAnd'),
    none: t('projectImport.noWorkingDays'),
  });
  const exceptions = preview.calendar.exceptions.length;
  return (
    <Stack spacing={2}>
      <Box component="section" aria-label={t('projectImport.contents')}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('projectImport.contents')}
        </Typography>
        <DefinitionList
          entries={[
            { key: 'tasks', term: t('projectImport.tasks'), value: formatNumber(preview.taskCount) },
            { key: 'summaries', term: t('projectImport.summaries'), value: formatNumber(preview.summaryCount) },
            { key: 'milestones', term: t('projectImport.milestones'), value: formatNumber(preview.milestoneCount) },
            { key: 'links', term: t('projectImport.links'), value: formatNumber(preview.linkCount) },
            { key: 'calendar', term: t('projectImport.calendar'), value: preview.calendarName },
            { key: 'weekdays', term: t('projectImport.workingDays'), value: weekdays },
            {
              key: 'exceptions',
              term: t('projectImport.calendarExceptions'),
              value:
                exceptions === 0
                  ? t('projectImport.noExceptions')
                  : t('projectImport.exceptions', { count: exceptions, formatted: formatNumber(exceptions) }),
            },
            { key: 'start', term: t('projectImport.start'), value: formatIsoDate(preview.start) },
            { key: 'finish', term: t('projectImport.finish'), value: formatIsoDate(preview.finish) },
            // issue 34: MS Project's baselines, each a Cimiento baseline (the first one chosen)
            ...(preview.baselines === undefined || preview.baselines.length === 0
              ? []
              : [{ key: 'baselines', term: t('projectImport.baselines'), value: preview.baselines.join(', ') }]),
          ]}
        />
      </Box>
      {warnings.length === 0 ? (
        <Alert severity="success">{t('projectImport.noWarnings')}</Alert>
      ) : (
        <ImportMessages
          severity="warning"
          title={t('projectImport.warnings', { count: warnings.length, formatted: formatNumber(warnings.length) })}
          messages={warnings}
          listLabel={t('projectImport.warningList')}
          maxHeight={220}
        />
      )}
    </Stack>
  );
}

/** importProject's input for a loaded file: MSPDI or P6 XML as text, a P6 XER as base64, with what the preview chose. */
function importVariables(file: ImportFile, chileHolidays: boolean, choice: XerChoice): ImportProjectVariables {
  const base = { fileName: file.name, content: file.content, chileHolidays };
  const format = scheduleFileFormat(file.name, file.content);
  const projectId = choice.projectId === undefined ? {} : { projectId: choice.projectId };
  if (format === 'p6xml') return { ...base, format: 'p6xml', ...projectId };
  if (format !== 'xer') return { ...base, format: 'mspdi' };
  return {
    ...base,
    format: 'xer',
    ...projectId,
    ...(choice.codePage === undefined ? {} : { codePage: choice.codePage }),
  };
}

/**
 * 'Importar programa (MS Project o Primavera P6)' (issues 14 and 34), from 'Proyectos': a .xml saved
 * by MS Project ("Formato XML") or ProjectLibre, a .xer exported by Primavera P6 (read as base64:
 * P6 writes the PC's code page) or P6's XML (.xml or .pmxml, told from MS Project's by its root
 * element), picked or dropped, refused here when it is another kind of file or
 * over 20 MB; read with a progress bar, then importProject's dry run ('Analizando el archivo…') shows what
 * the file holds and every warning about what is not carried over. Ticking Chile's holidays, or
 * choosing another project or code page of a P6 file, runs the dry run again (start and finish move). The code is checked as it is typed, like the wizard's; the
 * name starts as the file's project name. 'Crear proyecto' imports and opens the new project's
 * Gantt; a refusal shows here and keeps what was entered.
 */
export function ProjectImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selectProject = useSelectProject();
  const [chileHolidays, setChileHolidays] = useState(false);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  // the name is the file's project name until the user types one
  const isNameTyped = useRef(false);

  // a P6 file's choices; a new file starts without them (the server reads the exported project)
  const [choice, setChoice] = useState<XerChoice>({});

  const dryRun = useScheduleFilePreview();
  const importProject = useImportProject({
    onSuccess: ({ project }) => {
      if (!project) return;
      selectProject({ id: project.id, name: project.name });
      onClose();
      void navigate(`/projects/${project.id}/gantt`);
    },
  });
  const codeCheck = useProjectCodeCheck(code);
  const codeField = useCodeFieldState(code, codeCheck);
  const checkWith = (withHolidays: boolean, chosen: XerChoice) => (file: ImportFile) =>
    dryRun.mutateAsync(importVariables(file, withHolidays, chosen));
  const flow = useFormImport<ImportProjectResult>({
    text: (key, values) => t(`projectImport.${key}`, values),
    accept: '.xml,.xer,.pmxml,application/xml,text/xml',
    refuse: refuseScheduleFile,
    read: (picked, onProgress) => {
      setChoice({});
      const isXer = picked instanceof File && scheduleFileFormat(picked.name) === 'xer';
      return isXer ? readFileBase64(picked, onProgress) : readXmlFileText(picked, onProgress);
    },
    check: checkWith(chileHolidays, {}),
    onChecked: (answer) => {
      if (!isNameTyped.current) setName(answer.preview.projectName);
    },
  });
  const { file, result } = flow;
  const isAnalyzing = flow.step.kind === 'checking';

  function toggleHolidays(checked: boolean) {
    setChileHolidays(checked);
    flow.recheck(checkWith(checked, choice));
  }

  function choose(next: XerChoice) {
    setChoice(next);
    flow.recheck(checkWith(chileHolidays, next));
  }

  const canCreate = flow.step.kind === 'preview' && canCreateImported({ code, name }, codeCheck);

  function create() {
    if (!canCreate) return;
    void flow.confirm(async (loaded, checked) => {
      try {
        // the project the preview shows (a P6 file's exported one unless another was chosen)
        const projectId = checked.preview.projectId ?? choice.projectId;
        await importProject.mutateAsync({
          ...importVariables(loaded, chileHolidays, { ...choice, ...(projectId === undefined ? {} : { projectId }) }),
          code: code.trim(),
          name: name.trim(),
        });
      } catch (error) {
        // a code taken meanwhile: the field asks again and shows it
        if (isFunctionError(error) && error.code === 'ALREADY_EXISTS') {
          void queryClient.invalidateQueries({ queryKey: ['checkProjectCode'] });
        }
        throw error;
      }
    });
  }

  return (
    <ImportDialog
      layout="form"
      flow={flow}
      preview={(answer) => (
        <Stack spacing={2}>
          {/* a P6 file's project and code page come first: choosing them reads the file again */}
          <XerChoices result={answer} disabled={flow.isBusy} onChange={choose} />
          <Box sx={{ opacity: isAnalyzing ? 0.5 : 1 }}>
            <MspdiPreviewView result={answer} />
          </Box>
        </Stack>
      )}
      confirmLabel={t('projectImport.create')}
      confirmColor="success"
      canConfirm={canCreate}
      confirmSpins
      onConfirm={create}
      onClose={onClose}
    >
      {file !== null && (result !== null || isAnalyzing) && (
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={chileHolidays}
                disabled={flow.isBusy}
                onChange={(event) => toggleHolidays(event.target.checked)}
              />
            }
            label={t('projectImport.chileHolidays')}
          />
          <FormHelperText sx={{ mt: -0.5 }}>{t('projectImport.chileHolidaysHelp')}</FormHelperText>
        </Box>
      )}
      {file !== null && result !== null && (
        <Box component="section" aria-label={t('projectImport.projectData')}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
            {t('projectImport.projectData')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <StatusTextField
              label={t('projects.code')}
              autoComplete="off"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              isValid={codeField.isValid}
              isNeutral={codeField.isNeutral}
              errorText={codeField.errorText}
              {...(codeField.helperText === undefined ? {} : { helperText: codeField.helperText })}
              sx={{ maxWidth: { md: 280 } }}
            />
            <StatusTextField
              label={t('projects.name')}
              autoComplete="off"
              value={name}
              onChange={(event) => {
                isNameTyped.current = true;
                setName(event.target.value);
              }}
              isValid={isFilled(name)}
              errorText={t('projects.required')}
            />
          </Stack>
        </Box>
      )}
    </ImportDialog>
  );
}
