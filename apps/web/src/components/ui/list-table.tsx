import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import type { MRT_Localization, MRT_RowData, MRT_TableOptions } from 'material-react-table';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_ES } from 'material-react-table/locales/es';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** material-react-table's texts in the app's language, with the spec's empty-result text (§8). */
export function useListTableLocalization(noResults: string): MRT_Localization {
  const { i18n } = useTranslation();
  return useMemo(
    () => ({
      ...(i18n.language === 'en-US' ? MRT_Localization_EN : MRT_Localization_ES),
      noRecordsToDisplay: noResults,
      noResultsFound: noResults,
    }),
    [i18n.language, noResults],
  );
}

/**
 * What the app's searchable lists (catalogues, projects) share: a search box on the left with a
 * name screen readers announce, no column menus, filters or density toggle, the row actions last,
 * compact rows on the card's own background.
 */
export function listTableOptions<R extends MRT_RowData>(localization: MRT_Localization): Partial<MRT_TableOptions<R>> {
  return {
    localization,
    layoutMode: 'grid',
    mrtTheme: (theme) => ({ baseBackgroundColor: theme.palette.background.paper }),
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableHiding: false,
    enableRowActions: true,
    positionActionsColumn: 'last',
    positionGlobalFilter: 'left',
    globalFilterFn: 'contains',
    displayColumnDefOptions: { 'mrt-row-actions': { header: '', size: 80 } },
    muiSearchTextFieldProps: {
      variant: 'outlined',
      size: 'small',
      inputProps: { 'aria-label': localization.search },
    },
    muiTablePaperProps: { elevation: 0, sx: { backgroundImage: 'none' } },
  };
}

/** A row's delete icon, named after the row ('Eliminar {name}'). */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton color="error" aria-label={label} title={label} onClick={onClick}>
      <DeleteIcon />
    </IconButton>
  );
}
