import { formatNumber } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type ImportMessagesProps = {
  severity: 'error' | 'warning';
  /** 'El archivo tiene 2 errores…', 'Avisos (3)'. */
  title: string;
  /** One line each ('Fila 12: …'). */
  messages: readonly string[];
  /** The list's accessible name: the title then stands as the alert's title. */
  listLabel?: string;
  /** The list's test id: the title then runs inline, above the list (the steps dialogs). */
  listTestId?: string;
  maxHeight: number;
};

/** A file's row errors (or warnings) under an import's preview: a title and a list that scrolls. */
export function ImportMessages({ severity, title, messages, listLabel, listTestId, maxHeight }: ImportMessagesProps) {
  const isTitled = listLabel !== undefined;
  return (
    <Alert severity={severity} sx={isTitled ? undefined : { mt: 2 }}>
      {isTitled ? <AlertTitle>{title}</AlertTitle> : title}
      <Box
        component="ul"
        aria-label={listLabel}
        data-testid={listTestId}
        sx={{ m: 0, ...(isTitled ? {} : { mt: 1 }), pl: 2.5, maxHeight, overflowY: 'auto' }}
      >
        {messages.map((message, index) => (
          // the same sentence may come twice: the position keeps the keys apart
          <li key={`${index}:${message}`}>{message}</li>
        ))}
      </Box>
    </Alert>
  );
}

export type ImportCount = { key: string; label: string; value: number };

/** The preview's counts as a definition list ('Actualizadas 3 · Nuevas 1 · Sin cambios 12'). */
export function ImportCounts({ counts, testId }: { counts: readonly ImportCount[]; testId: string }) {
  return (
    <Stack direction="row" spacing={3} component="dl" sx={{ m: 0, '& dd': { m: 0, fontSize: 24, fontWeight: 600 } }}>
      {counts.map(({ key, label, value }) => (
        <Box key={key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Box component="dd" data-testid={`${testId}-${key}`}>
            {formatNumber(value)}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
