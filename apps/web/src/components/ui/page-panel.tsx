import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useRouteHandle } from '@/components/layout/use-route-handle';

export type PagePanelProps = {
  title: string;
  /** A line under the title ('Proyecto - EDP'). */
  subtitle?: string;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
  /**
   * On medium and larger screens the card takes the height the shell leaves it, a column whose
   * children share it: they scroll inside, not the page. By default, as the route's handle says
   * (`isFullHeight`, which also makes the shell's <main> a column); `false` for a card that is not
   * the route's screen (a project that could not be opened).
   */
  isFullHeight?: boolean;
  /**
   * With `isFullHeight`: instead of a fixed least height, the card is never shorter than its
   * content's least height (a screen's own minimums, an editor opened above a chart): past the
   * window's height it grows and the page scrolls, rather than clipping its content.
   */
  canGrow?: boolean;
  children?: ReactNode;
};

/** Below this the full-height card stops shrinking and the page scrolls instead. */
const FULL_HEIGHT_MIN = 480;

/** A screen's main card: its title as the page heading, then its content. */
export function PagePanel({
  title,
  subtitle,
  actions,
  isFullHeight: isFullHeightProp,
  canGrow = false,
  children,
}: PagePanelProps) {
  const isRouteFullHeight = useRouteHandle()?.isFullHeight === true;
  const isFullHeight = isFullHeightProp ?? isRouteFullHeight;
  return (
    <Card
      component="section"
      aria-labelledby="page-title"
      sx={
        isFullHeight
          ? {
              display: 'flex',
              flexDirection: 'column',
              flex: { md: '1 1 0' },
              // a flex item's least height follows its content only while it does not clip it
              ...(canGrow
                ? { minHeight: { md: 'auto' }, overflow: { md: 'visible' } }
                : { minHeight: { md: FULL_HEIGHT_MIN } }),
            }
          : undefined
      }
    >
      <CardContent
        sx={{
          p: { xs: 2, md: isFullHeight ? 2 : 3 },
          ...(isFullHeight && {
            '&:last-child': { pb: 2 },
            flex: 1,
            minHeight: canGrow ? 'auto' : 0,
            display: 'flex',
            flexDirection: 'column',
          }),
        }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          useFlexGap={isFullHeight}
          sx={{
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', sm: 'center' },
            mb: isFullHeight ? 1.5 : 2,
            ...(isFullHeight && { flexWrap: 'wrap', rowGap: 1 }),
          }}
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
