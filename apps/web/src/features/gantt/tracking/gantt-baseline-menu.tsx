import { MAX_BASELINES, formatDateTime, formatNumber } from '@cimiento/domain';
import type { Baseline } from '@cimiento/domain';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import FlagIcon from '@mui/icons-material/Flag';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useProjectRouteId } from '@/hooks/use-project-route';
import { describeError, isFunctionError } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';
import { baselinesQueryOptions, useChooseBaseline, useRemoveBaseline, useSaveBaseline } from '../api/baselines';
import { useSaveGantt } from '../api/gantt';
import { saveVariablesOf, selectIsDirty, useGanttEditor, useGanttEditorStore } from '../editor/gantt-editor-store';
import { useGanttViewPrefs } from '../chart/gantt-view-store';
import { GanttLateToggle } from './gantt-tracking-controls';
import { GanttUnsavedDialog } from '../editor/gantt-unsaved-dialog';

/** The first 'Línea base N' the project does not use yet (N from the count + 1). */
export function nextBaselineName(names: readonly string[], label: (number: number) => string): string {
  const used = new Set(names.map((name) => name.trim().toLocaleLowerCase('es-CL')));
  for (let number = names.length + 1; ; number += 1) {
    const name = label(number);
    if (!used.has(name.toLocaleLowerCase('es-CL'))) return name;
  }
}

/**
 * 'Fijar línea base…': the name, default 'Línea base N'; a refusal (a 12th, a name used) is shown
 * here. Mounted while open, so it starts from the default each time.
 */
function BaselineNameDialog(props: {
  defaultName: string;
  isBusy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(props.defaultName);
  const [touched, setTouched] = useState(false);
  const isEmpty = name.trim() === '';
  return (
    <Dialog open onClose={props.onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!isEmpty) props.onSubmit(name.trim());
        }}
      >
        <DialogTitle id={titleId}>{t('gantt.baseline.setTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('gantt.baseline.setIntro')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label={t('gantt.baseline.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={touched && isEmpty}
            helperText={touched && isEmpty ? t('gantt.baseline.nameRequired') : ' '}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          {props.error !== null && (
            <Alert severity="error" data-testid="baseline-error">
              {props.error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onCancel} color="inherit">
            {t('gantt.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={props.isBusy}>
            {t('gantt.baseline.setConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The toolbar's 'Línea base' (issue 15): 'Fijar línea base…' (a snapshot of the saved Gantt; with
 * unsaved edits the user may save them first), the project's baselines to show and compare (or
 * 'Ninguna'), 'Eliminar…' for the chosen one after a confirmation naming it and its task count, and
 * 'Columnas de seguimiento'; 'Atrasadas' beside it. After a choice, a new baseline or a deletion
 * the chosen baseline's dates go on the screen (chooseBaseline).
 */
export function GanttBaselineMenu({ canChange = true }: { canChange?: boolean }) {
  const { t } = useTranslation();
  const projectId = useProjectRouteId() ?? '';
  const store = useGanttEditorStore();
  const baselineId = useGanttEditor((state) => state.baselineId);
  const isStale = useGanttEditor((state) => state.staleMessage !== null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  const [step, setStep] = useState<'unsaved' | 'name' | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<Baseline | null>(null);
  const [prefs, setPrefs] = useGanttViewPrefs();

  const list = useQuery({
    ...baselinesQueryOptions(projectId),
    // when the menu first opens, or at once when a baseline is chosen (its name on the button)
    enabled: projectId !== '' && (wasOpened || baselineId !== null),
    meta: { showErrorToast: false },
  });
  const baselines = list.data?.baselines ?? [];
  const chosen = baselines.find((baseline) => baseline.baselineId === baselineId);
  const choose = useChooseBaseline(projectId, (output) =>
    store.getState().setBaseline(output.baselineId ?? null, output.tasks),
  );
  const saveBaseline = useSaveBaseline(projectId);
  const removeBaseline = useRemoveBaseline(projectId);
  const saveGantt = useSaveGantt({ onSuccess: (output) => store.getState().load(output) });

  function open(target: HTMLElement) {
    setAnchor(target);
    if (list.data) void list.refetch();
    setWasOpened(true);
  }

  function requestSet() {
    setAnchor(null);
    setSaveError(null);
    setStep(selectIsDirty(store.getState()) ? 'unsaved' : 'name');
  }

  /** 'Grabar y continuar': the edits saved first (a refusal keeps them; a stale one offers 'Recargar'). */
  async function saveThenName() {
    setStep(null);
    try {
      await saveGantt.mutateAsync(saveVariablesOf(projectId, store.getState()));
      setStep('name');
    } catch (error) {
      if (isFunctionError(error) && error.code === 'ABORTED') store.getState().markStale(describeError(error));
    }
  }

  async function submitName(name: string) {
    setSaveError(null);
    try {
      const output = await saveBaseline.mutateAsync(name);
      setStep(null);
      notifyMessage(output.message);
      choose.mutate(output.baseline.baselineId);
    } catch (error) {
      setSaveError(describeError(error));
    }
  }

  async function confirmRemove() {
    const baseline = toRemove;
    setToRemove(null);
    if (!baseline) return;
    try {
      const output = await removeBaseline.mutateAsync(baseline.baselineId);
      notifyMessage(output.message);
      // the newest left becomes the chosen one (or none): its dates on screen
      choose.mutate(output.baselineId ?? null);
    } catch {
      // the error toast already told the user (the mutation's default)
    }
  }

  const defaultName = nextBaselineName(
    baselines.map((baseline) => baseline.name),
    (number) => t('gantt.baseline.defaultName', { number }),
  );
  const isBusy = choose.isPending || saveBaseline.isPending || removeBaseline.isPending;

  return (
    <>
      <Tooltip
        title={chosen ? t('gantt.baseline.buttonTitle', { name: chosen.name }) : t('gantt.baseline.button')}
        describeChild
        placement="top"
        disableInteractive
      >
        <Button
          size="small"
          variant="outlined"
          startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : <FlagIcon />}
          aria-haspopup="menu"
          disabled={isStale}
          onClick={(event) => open(event.currentTarget)}
          // as wide as 'Línea base': a long name is cut (the tooltip has it), the toolbar keeps its two rows
          sx={{
            maxWidth: 132,
            whiteSpace: 'nowrap',
            '& .cim-baseline-name': { overflow: 'hidden', textOverflow: 'ellipsis' },
          }}
          data-testid="baseline-menu-button"
        >
          <span className="cim-baseline-name">
            {chosen ? t('gantt.baseline.buttonChosen', { name: chosen.name }) : t('gantt.baseline.button')}
          </span>
        </Button>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('gantt.baseline.button'), dense: true } }}
      >
        {/* issue 36: fixing, choosing and deleting a baseline are the Planificador's (saveBaseline,
            chooseBaseline and removeBaseline need 'plan'); the others see which one is shown */}
        {canChange && (
          <MenuItem onClick={requestSet}>
            <ListItemIcon>
              <FlagIcon fontSize="small" />
            </ListItemIcon>
            {t('gantt.baseline.set')}
          </MenuItem>
        )}
        {canChange && <Divider />}
        <ListSubheader sx={{ lineHeight: '32px' }}>
          {t('gantt.baseline.shown', { count: baselines.length, max: MAX_BASELINES })}
        </ListSubheader>
        {list.isPending && wasOpened && (
          <MenuItem disabled>
            <ListItemText inset>{t('gantt.baseline.loading')}</ListItemText>
          </MenuItem>
        )}
        {list.isError && (
          <MenuItem disabled>
            <ListItemText inset>{describeError(list.error)}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          selected={baselineId === null}
          disabled={!canChange && baselineId !== null}
          onClick={() => {
            setAnchor(null);
            if (baselineId !== null) choose.mutate(null);
          }}
        >
          <ListItemIcon>{baselineId === null && <CheckIcon fontSize="small" />}</ListItemIcon>
          {t('gantt.baseline.none')}
        </MenuItem>
        {baselines.map((baseline) => (
          <MenuItem
            key={baseline.baselineId}
            selected={baseline.baselineId === baselineId}
            disabled={!canChange && baseline.baselineId !== baselineId}
            onClick={() => {
              setAnchor(null);
              if (baseline.baselineId !== baselineId) choose.mutate(baseline.baselineId);
            }}
          >
            <ListItemIcon>{baseline.baselineId === baselineId && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={baseline.name}
              secondary={t('gantt.baseline.madeBy', {
                date: formatDateTime(baseline.createdAt),
                who: baseline.createdBy,
              })}
            />
          </MenuItem>
        ))}
        {chosen && canChange && <Divider />}
        {chosen && canChange && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setToRemove(chosen);
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteIcon fontSize="small" />
            </ListItemIcon>
            {t('gantt.baseline.remove', { name: chosen.name })}
          </MenuItem>
        )}
        <Divider />
        {/* the tracking columns, remembered per user as 'Mostrar Id' */}
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={prefs.showTracking}
          onClick={() => {
            setAnchor(null);
            setPrefs({ showTracking: !prefs.showTracking });
          }}
        >
          <ListItemIcon>
            {prefs.showTracking ? <CheckIcon fontSize="small" /> : <ViewColumnIcon fontSize="small" />}
          </ListItemIcon>
          {t('gantt.tracking.columns')}
        </MenuItem>
      </Menu>
      <GanttLateToggle />
      <GanttUnsavedDialog
        isOpen={step === 'unsaved'}
        text={t('gantt.baseline.unsaved')}
        saveLabel={t('gantt.baseline.saveFirst')}
        otherLabel={t('gantt.baseline.setAnyway')}
        onSave={() => void saveThenName()}
        onOther={() => setStep('name')}
        onCancel={() => setStep(null)}
      />
      {step === 'name' && (
        <BaselineNameDialog
          defaultName={defaultName}
          isBusy={saveBaseline.isPending}
          error={saveError}
          onSubmit={(name) => void submitName(name)}
          onCancel={() => setStep(null)}
        />
      )}
      <ConfirmDialog
        isOpen={toRemove !== null}
        text={
          toRemove
            ? t('gantt.baseline.confirmRemove', {
                name: toRemove.name,
                date: formatDateTime(toRemove.createdAt),
                count: toRemove.taskCount,
                formatted: formatNumber(toRemove.taskCount),
              })
            : ''
        }
        onConfirm={() => void confirmRemove()}
        onCancel={() => setToRemove(null)}
      />
    </>
  );
}
