import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DeletionMoneyNote } from '@/components/ui/deletion-money-note';

/** Under 'Eliminar Item''s counted sentence: which item, the links that go, and that 'Deshacer' brings it back. */
export function EdpRemoveDetails({
  target,
  links,
  money,
  undo,
}: {
  target: string;
  links: string | null;
  /** issue 33: the progress, payments and baselines it touches */
  money: string | null;
  undo: string;
}) {
  return (
    <Box sx={{ mt: 1.5, display: 'grid', gap: 0.75 }} data-testid="edp-confirm-details">
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {target}
      </Typography>
      {links && (
        <Typography variant="body2" color="text.secondary">
          {links}
        </Typography>
      )}
      {money && <DeletionMoneyNote text={money} />}
      <Typography variant="body2" color="text.secondary">
        {undo}
      </Typography>
    </Box>
  );
}

/** 'Grabar EDP' with deletions that take EDC rows or Gantt tasks: one line each, the total, then the spec's question. */
export function EdpDeletionDetails({
  lines,
  total,
  links,
  money,
  question,
}: {
  lines: string[];
  total: string | null;
  links: string | null;
  /** issue 33: that what was paid stays in the next EP */
  money: string | null;
  question: string;
}) {
  return (
    <Box sx={{ mt: 1, display: 'grid', gap: 0.75 }} data-testid="edp-confirm-details">
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {lines.map((line) => (
          <Typography key={line} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
      </Box>
      {total && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {total}
        </Typography>
      )}
      {links && (
        <Typography variant="body2" color="text.secondary">
          {links}
        </Typography>
      )}
      {money && <DeletionMoneyNote text={money} />}
      <Typography variant="body2">{question}</Typography>
    </Box>
  );
}

/** Under 'Renumerar códigos''s question: nothing hanging from the items is lost. */
export function EdpRenumberDetails({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="edp-confirm-details">
      {text}
    </Typography>
  );
}
