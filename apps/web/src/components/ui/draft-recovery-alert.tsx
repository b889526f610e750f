import { formatDateTime } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { downloadBlob } from '@/lib/download';
import type { DraftDifferenceLine, DraftRead } from '@/lib/drafts';

export type DraftRecoveryAlertProps = {
  offer: DraftRead<unknown> | null;
  /** How the texts name the screen ('el Gantt'). */
  screenLabel: string;
  /** What the draft is about, when the screen has several (the EDC's EDP item). */
  partLabel?: string;
  /** The stored version moved on since the draft was made. */
  isOlder: boolean;
  /** The screen has edits of its own now: recovering replaces them, so it asks first. */
  isEditorDirty: boolean;
  /** The differences between the draft and what is stored now (asked for when 'Comparar' opens). */
  compare: () => DraftDifferenceLine[];
  /** Puts the draft on screen as unsaved edits, based on the draft's own version. */
  onRecover: () => void;
  /** Puts the draft on screen as unsaved edits on top of the version stored now. */
  onApplyOnTop: () => void;
  onDiscard: () => void;
};

type Confirming = 'discard' | 'replace' | 'replace-on-top' | null;

/**
 * 'Recuperar cambios sin grabar' (issue 12): a draft this browser kept (the session expired, the
 * tab closed) with the time its edits were made. 'Recuperar' loads it as unsaved edits, saved
 * later through the normal version check; a draft made on an older version says so and offers
 * 'Comparar' instead, where the user may apply it on top of the current version. 'Descartar'
 * asks first. A draft that cannot be read says so and stays stored until discarded.
 */
export function DraftRecoveryAlert({
  offer,
  screenLabel,
  partLabel,
  isOlder,
  isEditorDirty,
  compare,
  onRecover,
  onApplyOnTop,
  onDiscard,
}: DraftRecoveryAlertProps) {
  const { t } = useTranslation();
  const compareTitleId = useId();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [differences, setDifferences] = useState<DraftDifferenceLine[] | null>(null);
  if (!offer) return null;

  const editedAt = offer.status === 'ok' ? offer.draft.editedAt : offer.editedAt;
  const time = editedAt ? formatDateTime(editedAt) : null;
  const what = partLabel ? `${screenLabel} (${partLabel})` : screenLabel;

  function handleConfirm() {
    const pending = confirming;
    setConfirming(null);
    if (pending === 'discard') {
      setDifferences(null);
      onDiscard();
    } else if (pending === 'replace') onRecover();
    else if (pending === 'replace-on-top') {
      setDifferences(null);
      onApplyOnTop();
    }
  }

  function handleApplyOnTop() {
    if (isEditorDirty) setConfirming('replace-on-top');
    else {
      setDifferences(null);
      onApplyOnTop();
    }
  }

  function handleDownload() {
    if (offer?.status !== 'corrupt') return;
    downloadBlob(new Blob([offer.raw], { type: 'application/json' }), 'cimiento-borrador.json');
  }

  const confirmText =
    confirming === 'discard'
      ? time
        ? t('drafts.confirmDiscard', { screen: what, time })
        : t('drafts.confirmDiscardUndated', { screen: what })
      : t('drafts.confirmReplace', { screen: screenLabel });

  return (
    <>
      {offer.status === 'corrupt' ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="draft-recovery"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" variant="outlined" onClick={handleDownload}>
                {t('drafts.download')}
              </Button>
              <Button color="inherit" size="small" onClick={() => setConfirming('discard')}>
                {t('drafts.discard')}
              </Button>
            </Stack>
          }
        >
          <AlertTitle>{t('drafts.title')}</AlertTitle>
          {time ? t('drafts.unreadable', { screen: what, time }) : t('drafts.unreadableUndated', { screen: what })}
        </Alert>
      ) : (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="draft-recovery"
          action={
            <Stack direction="row" spacing={1}>
              {isOlder ? (
                <Button color="inherit" size="small" variant="outlined" onClick={() => setDifferences(compare())}>
                  {t('drafts.compare')}
                </Button>
              ) : (
                <Button
                  color="inherit"
                  size="small"
                  variant="outlined"
                  onClick={() => (isEditorDirty ? setConfirming('replace') : onRecover())}
                >
                  {t('drafts.recover')}
                </Button>
              )}
              <Button color="inherit" size="small" onClick={() => setConfirming('discard')}>
                {t('drafts.discard')}
              </Button>
            </Stack>
          }
        >
          <AlertTitle>{t('drafts.title')}</AlertTitle>
          {t('drafts.offer', { screen: what, time })}
          {isOlder && (
            <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}>
              {t('drafts.older')}
            </Typography>
          )}
        </Alert>
      )}
      <Dialog
        open={differences !== null && confirming === null}
        onClose={() => setDifferences(null)}
        aria-labelledby={compareTitleId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={compareTitleId}>{t('drafts.compareTitle')}</DialogTitle>
        <DialogContent dividers>
          {differences && differences.length > 0 ? (
            <>
              <DialogContentText sx={{ mb: 1 }}>
                {t('drafts.compareIntro', { count: differences.length })}
              </DialogContentText>
              <List dense aria-label={t('drafts.differences')} sx={{ maxHeight: 320, overflowY: 'auto' }}>
                {differences.map((line) => (
                  <ListItem key={line.key} disableGutters>
                    <ListItemText primary={line.text} />
                  </ListItem>
                ))}
              </List>
            </>
          ) : (
            <DialogContentText>{t('drafts.noDifferences')}</DialogContentText>
          )}
          <DialogContentText sx={{ mt: 2 }}>{t('drafts.applyOnTopHint')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setDifferences(null)}>
            {t('common.close')}
          </Button>
          <Button color="error" onClick={() => setConfirming('discard')}>
            {t('drafts.discard')}
          </Button>
          <Button variant="contained" color="warning" onClick={handleApplyOnTop}>
            {t('drafts.applyOnTop')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        isOpen={confirming !== null}
        text={confirmText}
        confirmColor={confirming === 'discard' ? 'error' : 'primary'}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
