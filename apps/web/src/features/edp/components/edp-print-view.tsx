import type { EdpItem } from '@cimiento/domain';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { edpTreeRows } from '@/lib/edp-tree-rows';

/**
 * While printing, the page is only this: the app (sidebar, navbar, footer, the grid's toolbar and
 * pagination) is hidden, and the whole tree prints, not just the grid's page.
 */
const printStyles = {
  '@media screen': { '.edp-print': { display: 'none' } },
  '@media print': {
    'body > *:not(.edp-print)': { display: 'none !important' },
    '.edp-print': { display: 'block', color: '#000', background: '#fff' },
    '@page': { margin: '15mm' },
  },
};

export type EdpPrintViewProps = { projectName: string; projectCode: string; items: readonly EdpItem[] };

/** The printable tree: every item in tree order, indented by depth, code then name. */
export function EdpPrintView({ projectName, projectCode, items }: EdpPrintViewProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => edpTreeRows(items), [items]);
  return createPortal(
    <div className="edp-print">
      <GlobalStyles styles={printStyles} />
      <h1 style={{ font: '600 16pt Roboto, Arial, sans-serif', margin: '0 0 4pt' }}>{projectName}</h1>
      <p style={{ font: '10pt Roboto, Arial, sans-serif', margin: '0 0 10pt' }}>
        {t('edp.printSubtitle', { code: projectCode, count: items.length })}
      </p>
      <ul
        aria-label={t('edp.printableTree')}
        style={{ listStyle: 'none', margin: 0, padding: 0, font: '10pt Roboto, Arial, sans-serif' }}
      >
        {rows.map(({ item, depth }) => (
          <li key={item.id} data-depth={depth} style={{ padding: `1pt 0 1pt ${depth * 14}pt`, breakInside: 'avoid' }}>
            <strong>{item.code}</strong> {item.name}
          </li>
        ))}
      </ul>
    </div>,
    document.body,
  );
}
