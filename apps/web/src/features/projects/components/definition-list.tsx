import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const listSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' },
  columnGap: 3,
  rowGap: { xs: 0, sm: 1 },
  m: 0,
  '& dt': { fontWeight: 600, color: 'text.secondary' },
  '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
} as const;

export type DefinitionEntry = { key: string; term: string; value: ReactNode };

/** A read-only `<dl>`: terms on the left, values on the right (stacked on phones). */
export function DefinitionList({ entries }: { entries: DefinitionEntry[] }) {
  return (
    <Box component="dl" sx={listSx}>
      {entries.map((entry) => (
        // a <div> may group a term with its value inside a <dl>
        <Box key={entry.key} sx={{ display: 'contents' }}>
          <dt>{entry.term}</dt>
          <dd>{entry.value}</dd>
        </Box>
      ))}
    </Box>
  );
}
