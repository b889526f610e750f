import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export type AuthLayoutVariant = 'basic' | 'cover' | 'illustration';

const backdrop = (mode: 'light' | 'dark') =>
  mode === 'dark' ? 'linear-gradient(195deg, #323a54, #1a2035)' : 'linear-gradient(195deg, #42424a, #191919)';

/**
 * A building site drawn in SVG (a crane over three buildings and a scaffold), part of the bundle so
 * the sign-in pages load nothing from another host. Decorative: hidden from assistive technology.
 */
function SiteArt({ height }: { height: number | string | { xs: number; md: number } }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 400 260"
      preserveAspectRatio="xMidYMax meet"
      aria-hidden
      focusable="false"
      sx={{ display: 'block', width: '100%', height }}
    >
      <g fill="none" stroke="rgba(255,255,255,0.85)" strokeWidth="3" strokeLinejoin="round">
        {/* the crane */}
        <path d="M80 250 V40 M70 250 V40 M70 40 L75 20 L80 40" />
        <path d="M70 60 L80 70 M80 60 L70 80 M70 90 L80 100 M80 110 L70 120 M70 140 L80 150 M80 170 L70 180" />
        <path d="M40 40 H330 M75 20 L330 40 M75 20 L40 40" />
        <path d="M40 40 v14 h22 v-14" />
        <path d="M250 40 V110" strokeDasharray="4 4" />
        <rect x="236" y="110" width="28" height="16" />
      </g>
      <g fill="rgba(255,255,255,0.18)" stroke="rgba(255,255,255,0.85)" strokeWidth="2">
        <rect x="120" y="150" width="70" height="100" />
        <rect x="200" y="130" width="60" height="120" />
        <rect x="270" y="175" width="90" height="75" />
      </g>
      <g fill="rgba(255,255,255,0.7)">
        {[160, 185, 210].map((y) =>
          [130, 150, 170].map((x) => <rect key={`a${x}-${y}`} x={x} y={y} width="10" height="12" />),
        )}
        {[140, 165, 190, 215].map((y) =>
          [212, 235].map((x) => <rect key={`b${x}-${y}`} x={x} y={y} width="12" height="12" />),
        )}
        {[190, 215].map((y) =>
          [282, 304, 326].map((x) => <rect key={`c${x}-${y}`} x={x} y={y} width="14" height="12" />),
        )}
      </g>
      <path d="M0 250 H400" stroke="rgba(255,255,255,0.85)" strokeWidth="4" />
    </Box>
  );
}

/**
 * The page around the sign-in card (issue 19, '/authentication/…'): 'basic' the card on a dark
 * backdrop (/login), 'cover' under a coloured cover band with the site drawing, 'illustration'
 * beside a side panel with the drawing (the panel is left out on narrow screens).
 */
export function AuthLayout({ variant, children }: { variant: AuthLayoutVariant; children: ReactNode }) {
  if (variant === 'cover') {
    return (
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <Box
          sx={{
            height: { xs: 220, md: 300 },
            px: 2,
            display: 'flex',
            alignItems: 'flex-end',
            justifyContent: 'center',
            background: 'linear-gradient(195deg, #49a3f1, #1A73E8)',
          }}
        >
          <Box sx={{ width: '100%', maxWidth: 520, opacity: 0.9 }}>
            <SiteArt height={{ xs: 160, md: 230 }} />
          </Box>
        </Box>
        {/* above the band (its drawing's opacity makes it a layer of its own) */}
        <Box sx={{ position: 'relative', zIndex: 1, px: 2, pb: 6, mt: { xs: -3, md: -5 } }}>{children}</Box>
      </Box>
    );
  }
  if (variant === 'illustration') {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 6 }}>
          {children}
        </Box>
        <Box
          sx={{
            flex: 1,
            display: { xs: 'none', md: 'flex' },
            alignItems: 'center',
            justifyContent: 'center',
            m: 2,
            p: 6,
            borderRadius: 3,
            background: (theme) => backdrop(theme.palette.mode),
          }}
        >
          <SiteArt height="auto" />
        </Box>
      </Box>
    );
  }
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
        background: (theme) => backdrop(theme.palette.mode),
      }}
    >
      {children}
    </Box>
  );
}
