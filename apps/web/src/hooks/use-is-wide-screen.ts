import useMediaQuery from '@mui/material/useMediaQuery';

/** The spec's wide-screen breakpoint: wider than 1200 px pins the sidebar (product-spec.md §9). */
export const WIDE_SCREEN_QUERY = '(min-width: 1201px)';

export function useIsWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY, { noSsr: true });
}
