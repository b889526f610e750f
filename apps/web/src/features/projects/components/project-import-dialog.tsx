import { formatIsoDate, formatNumber } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '@/components/ui/form-dialog';
import { ImportFileZone } from '@/components/import/import-file-zone';
import { StatusTextField } from '@/components/ui/status-text-field';
import { describeError, isFunctionError } from '@/lib/api-client';
import { readFileText } from '@/lib/file-reading';
import { useSelectProject } from '@/stores/project-store';
import { useProjectCodeCheck } from '../api/check-project-code';
import { useImportProject, useMspdiPreview } from '../api/import-project';
import type { ImportProjectResult } from '../api/import-project';
import type { ImportFileRefusal } from '../utils/import-rules';
import { canCreateImported, describeWeekdays, refuseMspdiFile } from '../utils/import-rules';
import { isFilled } from '../utils/wizard-rules';
import { DefinitionList } from './definition-list';
import { useCodeFieldState } from './use-code-field-state';

/** The file read into the dialog: its text goes with every call (the dry runs and the import). */
type LoadedFile = { name: string; content: string };

/** What the user sees of a file being read: its share read so far. */
type Reading = { name: string; progress: number };

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
          ]}
        />
      </Box>
      {warnings.length === 0 ? (
        <Alert severity="success">{t('projectImport.noWarnings')}</Alert>
      ) : (
        <Alert severity="warning">
          <AlertTitle>
            {t('projectImport.warnings', { count: warnings.length, formatted: formatNumber(warnings.length) })}
          </AlertTitle>
          <Box
            component="ul"
            aria-label={t('projectImport.warningList')}
            sx={{ m: 0, pl: 2.5, maxHeight: 220, overflowY: 'auto' }}
          >
            {warnings.map((warning, index) => (
              // the same sentence may come twice: the position keeps the keys apart
              <li key={`${index}:${warning}`}>{warning}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * 'Importar desde MS Project' (issue 14), from 'Proyectos': a .xml saved by MS Project ("Formato
 * XML") or ProjectLibre, picked or dropped, refused here when it is another kind of file or over
 * 20 MB; read with a progress bar, then importProject's dry run ('Analizando el archivo…') shows what
 * the file holds and every warning about what is not carried over. Ticking Chile's holidays runs the
 * dry run again (start and finish move). The code is checked as it is typed, like the wizard's; the
 * name starts as the file's project name. 'Crear proyecto' imports and opens the new project's
 * Gantt; a refusal shows here and keeps what was entered.
 */
export function ProjectImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selectProject = useSelectProject();
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [reading, setReading] = useState<Reading | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportProjectResult | null>(null);
  const [chileHolidays, setChileHolidays] = useState(false);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  // the name is the file's project name until the user types one
  const isNameTyped = useRef(false);
  // a later file or dry run wins over an earlier one still running
  const attempt = useRef(0);

  const dryRun = useMspdiPreview();
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

  const isAnalyzing = dryRun.isPending;
  const isBusy = reading !== null || isAnalyzing || importProject.isPending;

  function refusalText(refusal: ImportFileRefusal, fileName: string): string {
    if (refusal.kind === 'wrongType') return t('projectImport.wrongType', { name: fileName });
    if (refusal.kind === 'empty') return t('projectImport.empty', { name: fileName });
    return t('projectImport.tooLarge', { name: fileName, size: refusal.megabytes });
  }

  function preview(loaded: LoadedFile, withHolidays: boolean) {
    const current = ++attempt.current;
    setCreateError(null);
    dryRun.mutate(
      { fileName: loaded.name, content: loaded.content, chileHolidays: withHolidays },
      {
        onSuccess: (answer) => {
          if (current !== attempt.current) return;
          setResult(answer);
          if (!isNameTyped.current) setName(answer.preview.projectName);
        },
        onError: (error) => {
          if (current !== attempt.current) return;
          // the file cannot be imported: back to picking one, with the server's reason
          setFile(null);
          setResult(null);
          setFileError(describeError(error));
        },
      },
    );
  }

  async function handleFile(picked: File) {
    if (isBusy) return;
    const refusal = refuseMspdiFile(picked);
    if (refusal) {
      setFileError(refusalText(refusal, picked.name));
      return;
    }
    const current = ++attempt.current;
    setFileError(null);
    setFile(null);
    setResult(null);
    setCreateError(null);
    setReading({ name: picked.name, progress: 0 });
    let content: string;
    try {
      content = await readFileText(picked, (progress) => {
        if (current === attempt.current) setReading({ name: picked.name, progress });
      });
    } catch {
      if (current === attempt.current) {
        setReading(null);
        setFileError(t('projectImport.readFailed', { name: picked.name }));
      }
      return;
    }
    if (current !== attempt.current) return;
    setReading(null);
    const loaded = { name: picked.name, content };
    setFile(loaded);
    preview(loaded, chileHolidays);
  }

  function toggleHolidays(checked: boolean) {
    setChileHolidays(checked);
    if (file) preview(file, checked);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || !result || isBusy || !canCreateImported({ code, name }, codeCheck)) return;
    setCreateError(null);
    importProject.mutate(
      { fileName: file.name, content: file.content, code: code.trim(), name: name.trim(), chileHolidays },
      {
        onError: (error) => {
          setCreateError(describeError(error));
          // a code taken meanwhile: the field asks again and shows it
          if (isFunctionError(error) && error.code === 'ALREADY_EXISTS') {
            void queryClient.invalidateQueries({ queryKey: ['checkProjectCode'] });
          }
        },
      },
    );
  }

  function requestClose() {
    if (!importProject.isPending) onClose();
  }

  const canCreate = file !== null && result !== null && !isBusy && canCreateImported({ code, name }, codeCheck);

  return (
    <FormDialog
      title={t('projectImport.title')}
      maxWidth="md"
      onClose={requestClose}
      onSubmit={handleSubmit}
      actions={
        <>
          <Button onClick={requestClose} color="inherit" disabled={importProject.isPending}>
            {t('catalogues.confirmNo')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="success"
            disabled={!canCreate}
            loading={importProject.isPending}
          >
            {t('projectImport.create')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {file === null && reading === null && (
          <ImportFileZone
            accept=".xml,application/xml,text/xml"
            hint={t('projectImport.hint')}
            buttonLabel={t('projectImport.choose')}
            inputLabel={t('projectImport.inputLabel')}
            onFile={(picked) => void handleFile(picked)}
          />
        )}
        {fileError !== null && (
          <Alert severity="error" role="alert">
            {fileError}
          </Alert>
        )}
        {reading !== null && (
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('projectImport.reading', { name: reading.name })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.round(reading.progress * 100)}
              aria-label={t('projectImport.reading', { name: reading.name })}
            />
          </Box>
        )}
        {file !== null && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('projectImport.file', { name: file.name })}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              disabled={isBusy}
              onClick={() => {
                attempt.current += 1;
                setFile(null);
                setResult(null);
                setCreateError(null);
              }}
            >
              {t('projectImport.changeFile')}
            </Button>
          </Stack>
        )}
        {isAnalyzing && (
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('projectImport.analyzing')}
            </Typography>
            <LinearProgress aria-label={t('projectImport.analyzing')} />
          </Box>
        )}
        {file !== null && result !== null && (
          <Box sx={{ opacity: isAnalyzing ? 0.5 : 1 }}>
            <MspdiPreviewView result={result} />
          </Box>
        )}
        {file !== null && (result !== null || isAnalyzing) && (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={chileHolidays}
                  disabled={isBusy}
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
        {createError !== null && (
          <Alert severity="error" role="alert">
            {createError}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
