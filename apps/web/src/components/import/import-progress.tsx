import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

export type ImportProgressProps = {
  /** What is happening ('Leyendo plan.xml…'); also the bar's accessible name. */
  text: string;
  /** 0 to 1 of the work done; without it the bar runs without an end. */
  fraction?: number;
  /** A live region (the steps dialogs announce each step). */
  isStatus?: boolean;
};

/** An import dialog's progress line: the reading of a file, the server's check, the import. */
export function ImportProgress({ text, fraction, isStatus = false }: ImportProgressProps) {
  return (
    <Box role={isStatus ? 'status' : undefined}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {text}
      </Typography>
      {fraction === undefined ? (
        <LinearProgress aria-label={text} />
      ) : (
        <LinearProgress variant="determinate" value={Math.round(fraction * 100)} aria-label={text} />
      )}
    </Box>
  );
}
