import type { Theme } from '@mui/material/styles';

/*
 * Text colours that keep 4.5:1 on the cards in both modes: the theme's primary (#1a73e8) reads at
 * 3.2:1 on the dark paper (#202940), and white on the error red at 4.2:1.
 */

/** A link's colour: the theme's primary in light mode, a light blue (8:1) in dark mode. */
export const linkColor = (theme: Theme): string =>
  theme.palette.mode === 'dark' ? '#90caf9' : theme.palette.primary.main;

/** An outlined chip's text and border in blue: dark blue (5.7:1 on white), light blue on the dark paper. */
export const blueChipSx = {
  color: (theme: Theme) => (theme.palette.mode === 'dark' ? '#90caf9' : '#1565c0'),
  borderColor: (theme: Theme) => (theme.palette.mode === 'dark' ? '#90caf9' : '#1565c0'),
};

/** An outlined chip's text and border in red: dark red (7:1 on white), light red on the dark paper. */
export const redChipSx = {
  color: (theme: Theme) => (theme.palette.mode === 'dark' ? '#ef9a9a' : '#b71c1c'),
  borderColor: (theme: Theme) => (theme.palette.mode === 'dark' ? '#ef9a9a' : '#b71c1c'),
};
