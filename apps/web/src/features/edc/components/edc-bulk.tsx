import type { BulkEdcOutput, CatalogueSystem, Component } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeletionMoneyNote } from '@/components/ui/deletion-money-note';
import { FormDialog } from '@/components/ui/form-dialog';

/** The three bulk actions of the EDC screen (issue 13). */
export type BulkKind = 'assign' | 'copy' | 'unassign';

function describe(record: { code: string; name: string }): string {
  return `${record.code} ${record.name}`;
}

/** While a bulk call runs: a bar and 'Asignando a N ítems…' (read out once). */
export function BulkProgress({ kind, count }: { kind: BulkKind; count: number }) {
  const { t } = useTranslation();
  const label = t(`edc.bulk.progress.${kind}`, { count });
  return (
    <Box role="status" aria-live="polite" data-testid="edc-bulk-progress" sx={{ mb: 1 }}>
      <Typography variant="body2" color="primary" sx={{ mb: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <LinearProgress aria-label={label} />
    </Box>
  );
}

export type CopyEdcDialogProps = {
  isOpen: boolean;
  /** The shown item ('HT.1 Pabellones') and the rows of its EDC. */
  item: string;
  rows: number;
  /** The ticked items the EDC goes to (the shown one left out). */
  count: number;
  /** The shown item is ticked too: it is left out, and the dialog says so. */
  isSourceTicked: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** 'Copiar EDC a…': says what goes where before doing it. */
export function CopyEdcDialog({ isOpen, item, rows, count, isSourceTicked, onConfirm, onCancel }: CopyEdcDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      text={t('edc.bulk.confirmCopy', { item, rows, count })}
      details={
        isSourceTicked ? (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('edc.bulk.copySourceLeftOut', { item })}
          </Alert>
        ) : undefined
      }
      confirmColor="primary"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

export type UnassignEdcDialogProps = {
  systems: readonly CatalogueSystem[];
  components: readonly Component[];
  /** The ticked items. */
  count: number;
  /** issue 33: what removing the component's rows touches of the money ('Ten en cuenta: …'), or null */
  describeRemoval?: (componentId: string, systemId: string) => Promise<string | null>;
  onConfirm: (componentId: string, systemId: string) => void;
  onCancel: () => void;
};

/**
 * 'Quitar de los seleccionados': choose the main component and the system (as for 'Asignar'),
 * then the spec's confirmation with the counts, since it deletes rows and Gantt tasks.
 */
export function UnassignEdcDialog({
  systems,
  components,
  count,
  describeRemoval,
  onConfirm,
  onCancel,
}: UnassignEdcDialogProps) {
  const { t } = useTranslation();
  const [componentId, setComponentId] = useState('');
  const [systemId, setSystemId] = useState('');
  const [isAsking, setIsAsking] = useState(false);
  const [isCounting, setIsCounting] = useState(false);
  const [money, setMoney] = useState<string | null>(null);
  const component = components.find((candidate) => candidate._id === componentId);
  const system = systems.find((candidate) => candidate._id === systemId);
  return (
    <>
      {!isAsking && (
        <FormDialog
          title={t('edc.bulk.unassignTitle')}
          onClose={onCancel}
          onSubmit={(event) => {
            event.preventDefault();
            if (!component || !system || isCounting) return;
            if (!describeRemoval) {
              setIsAsking(true);
              return;
            }
            setIsCounting(true);
            void describeRemoval(component._id, system._id).then((text) => {
              setMoney(text);
              setIsCounting(false);
              setIsAsking(true);
            });
          }}
          actions={
            <>
              <Button onClick={onCancel} color="inherit">
                {t('edc.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                color="error"
                disabled={!component || !system}
                loading={isCounting}
              >
                {t('edc.bulk.unassignNext')}
              </Button>
            </>
          }
        >
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('edc.bulk.unassignHint', { count })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
            <TextField
              select
              size="small"
              label={t('edc.chooseComponent')}
              value={componentId}
              onChange={(event) => setComponentId(event.target.value)}
              sx={{ flex: '1 1 0' }}
              autoFocus
            >
              {components.map((candidate) => (
                <MenuItem key={candidate._id} value={candidate._id}>
                  {describe(candidate)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('edc.chooseSystem')}
              value={systemId}
              onChange={(event) => setSystemId(event.target.value)}
              sx={{ flex: '1 1 0' }}
            >
              {systems.map((candidate) => (
                <MenuItem key={candidate._id} value={candidate._id}>
                  {describe(candidate)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </FormDialog>
      )}
      <ConfirmDialog
        isOpen={isAsking && component !== undefined && system !== undefined}
        text={t('edc.bulk.confirmUnassign', {
          component: component ? describe(component) : '',
          system: system ? describe(system) : '',
          count,
        })}
        details={money ? <DeletionMoneyNote text={money} /> : null}
        onConfirm={() => {
          if (component && system) onConfirm(component._id, system._id);
        }}
        onCancel={() => setIsAsking(false)}
      />
    </>
  );
}

export type BulkResult = { kind: BulkKind; output: BulkEdcOutput };

/**
 * After a bulk call: what changed (the items' codes) and what was skipped and why (the server's
 * `skipped`), in lists that scroll inside the dialog.
 */
export function BulkResultDialog({
  result,
  codeOf,
  onClose,
}: {
  result: BulkResult | null;
  /** An EDP item's code and name by id ('HT.1 Pabellones'). */
  codeOf: (id: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const changedId = useId();
  const skippedId = useId();
  if (!result) return null;
  const { kind, output } = result;
  const listSx = {
    m: 0,
    mt: 0.5,
    pl: 2.5,
    maxHeight: 220,
    overflowY: 'auto',
    '& li': { py: 0.25 },
  } as const;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(`edc.bulk.resultTitle.${kind}`)}</DialogTitle>
      <DialogContent dividers>
        {output.message && (
          <Alert severity={output.items.length > 0 ? 'success' : 'info'} sx={{ mb: 2 }}>
            {output.message}
          </Alert>
        )}
        {output.items.length === 0 ? (
          <Typography variant="body2">{t('edc.bulk.resultNone')}</Typography>
        ) : (
          <Box component="section" aria-labelledby={changedId} sx={{ mb: 2 }}>
            <Typography id={changedId} variant="subtitle2" component="h3">
              {t(`edc.bulk.resultDone.${kind}`, { count: output.items.length })}
            </Typography>
            <Box component="ul" aria-label={t('edc.bulk.changedList')} sx={listSx}>
              {output.items.map((item) => (
                <li key={item.id}>
                  <Typography variant="body2">{codeOf(item.id)}</Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
        {output.skipped.length > 0 && (
          <Box component="section" aria-labelledby={skippedId}>
            <Typography id={skippedId} variant="subtitle2" component="h3" color="warning.main">
              {t('edc.bulk.resultSkipped', { count: new Set(output.skipped.map((skipped) => skipped.id)).size })}
            </Typography>
            <Box component="ul" aria-label={t('edc.bulk.skippedList')} sx={listSx}>
              {output.skipped.map((skipped, index) => (
                // one item may be skipped for more than one reason (each main component it already has)
                <li key={`${skipped.id}:${index}`}>
                  <Typography variant="body2">
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {skipped.code}
                    </Box>
                    {`: ${skipped.reason}`}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('edc.bulk.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
