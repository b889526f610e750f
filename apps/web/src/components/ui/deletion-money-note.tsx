import Typography from '@mui/material/Typography';

/**
 * Issue 33, deletions that touch money say so: under a deletion question, what it touches of the
 * progress recorded, the estados de pago and the baselines ('Ten en cuenta: …'), marked in the
 * warning's colour. Shared by the EDP's, the EDC's and the Gantt's questions.
 */
export function DeletionMoneyNote({ text }: { text: string }) {
  return (
    <Typography
      variant="body2"
      sx={{ mt: 1, fontWeight: 600, borderLeft: 3, borderColor: 'warning.main', pl: 1 }}
      data-testid="deletion-money"
    >
      {text}
    </Typography>
  );
}
