import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type PagePanelProps = {
  title: string;
  /** A line under the title ('Proyecto - EDP'). */
  subtitle?: string;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
};

/** A screen's main card: its title as the page heading, then its content. */
export function PagePanel({ title, subtitle, actions, children }: PagePanelProps) {
  return (
    <Card component="section" aria-labelledby="page-title">
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 2 }}
        >
          <div>
            <Typography id="page-title" variant="h5" component="h1">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </div>
          {actions}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
