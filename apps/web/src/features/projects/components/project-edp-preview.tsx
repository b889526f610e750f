import { formatNumber } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { edpOutline } from '../utils/edp-outline';
import { ProjectRouteGate } from './project-route-gate';

/** The preview lists this many items; the editor (next issue) pages through all of them. */
export const EDP_PREVIEW_LIMIT = 500;

function EdpPreview({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const items = project.edp.items;
  const rows = useMemo(() => edpOutline(items, EDP_PREVIEW_LIMIT), [items]);
  const hidden = items.length - rows.length;
  return (
    <PagePanel title={project.name} subtitle={t('pages.projectEdp')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('projects.edpItemCount', { count: items.length, formatted: formatNumber(items.length) })}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('projects.edpEditorSoon')}
      </Alert>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('projects.noEdpItems')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('projects.edpItems')}
          sx={{ listStyle: 'none', m: 0, p: 0, fontSize: '0.875rem', fontVariantNumeric: 'tabular-nums' }}
        >
          {rows.map(({ item, depth }) => (
            <Box component="li" key={item.id} sx={{ pl: depth * 3, py: 0.25 }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {item.code}
              </Box>{' '}
              {item.name}
            </Box>
          ))}
        </Box>
      )}
      {hidden > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('projects.edpMore', { count: hidden, formatted: formatNumber(hidden) })}
        </Typography>
      )}
    </PagePanel>
  );
}

/**
 * /projects/{id}/edp for now: the project's EDP as a read-only outline. The tree grid editor
 * (product-spec.md §2 "EDP screen") is the next issue.
 */
export function ProjectEdpPreview() {
  return <ProjectRouteGate>{(project) => <EdpPreview project={project} />}</ProjectRouteGate>;
}
