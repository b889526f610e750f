import type { EdcItem, LoadedProject } from '@cimiento/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { StaleSaveAlert } from '@/components/ui/stale-save-alert';
import { describeError, isFunctionError } from '@/lib/api-client';
import { notifyError } from '@/stores/notices-store';
import { edcComponentsQueryOptions, edcSystemsQueryOptions, useLoadEdc } from '../../api/load-edc';
import { useSaveEdc } from '../../api/save-edc';
import { assignComponent } from '../../utils/edc-rows';
import type { SelectedEdpItem } from '../../utils/edc-rows';
import { ProjectRouteGate } from '../project-route-gate';
import { EdcAssignPanel } from './edc-assign-panel';
import { EdcGrid } from './edc-grid';
import { EdpTreePanel } from './edp-tree-panel';

type EdcState = {
  /** product-spec.md §3: the selected EDP item starts as id 0 with empty code and name. */
  item: SelectedEdpItem;
  list: EdcItem[];
  /** The version the list is based on (0: the item has no EDC yet). */
  version: number;
  /** A save answered ABORTED: the user's list stays on screen until 'Recargar'. */
  staleMessage: string | null;
  /** Changes when a list comes from the server, so the grid drops a half-done edit. */
  generation: number;
};

const NO_ITEM: EdcState = {
  item: { id: 0, code: '', name: '' },
  list: [],
  version: 0,
  staleMessage: null,
  generation: 0,
};

/**
 * /projects/{id}/edc (product-spec.md §2 "EDC screen"): the EDP tree, the systems as drop zones,
 * the draggable main components and the selected item's EDC grid. Every change (a drop, 'Asignar',
 * a committed row, a deletion) saves the item's whole list at once with the version it was based on.
 */
export function EdcScreen({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const [state, setState] = useState<EdcState>(NO_ITEM);
  const systems = useQuery(edcSystemsQueryOptions());
  const components = useQuery(edcComponentsQueryOptions());
  const { mutate: loadEdc } = useLoadEdc();
  const saveEdc = useSaveEdc();
  // the last item asked for: a slower answer for an item selected before is dropped
  const requestedId = useRef(0);
  const edpItems = project.edp.items;

  const load = useCallback(
    (id: number) => {
      requestedId.current = id;
      loadEdc(
        { projectId: project._id, id },
        {
          onSuccess: ({ edc }) => {
            if (requestedId.current !== id) return;
            // "Loading an EDC: if the server returns an edc it replaces the selected item;
            // otherwise the item is selected from the EDP list."
            const fromList = edpItems.find((candidate) => candidate.id === id);
            const source = edc ?? fromList;
            if (!source) return;
            setState((old) => ({
              item: { id: source.id, code: source.code, name: source.name },
              list: edc?.componentesEdc ?? [],
              version: edc?.version ?? 0,
              staleMessage: null,
              generation: old.generation + 1,
            }));
          },
        },
      );
    },
    [loadEdc, project._id, edpItems],
  );

  function save(next: EdcItem[]) {
    const { item, version, list: previous } = state;
    setState((old) => ({ ...old, list: next }));
    saveEdc.mutate(
      { projectId: project._id, edpItemId: item.id, items: next, version },
      {
        onSuccess: ({ edc }) => {
          setState((old) =>
            old.item.id === item.id ? { ...old, list: edc.componentesEdc, version: edc.version } : old,
          );
        },
        onError: (error) => {
          setState((old) => {
            if (old.item.id !== item.id) return old;
            // stale: the user's list stays on screen with the warning until 'Recargar'
            if (isFunctionError(error) && error.code === 'ABORTED') {
              return { ...old, staleMessage: describeError(error) };
            }
            // refused (the toast says why): back to the list the server holds
            return { ...old, list: previous, generation: old.generation + 1 };
          });
        },
      },
    );
  }

  function handleAssign(componentId: string, systemId: string) {
    const component = components.data?.find((candidate) => candidate._id === componentId);
    const system = systems.data?.find((candidate) => candidate._id === systemId);
    if (!component || !system) return;
    if (state.staleMessage) {
      notifyError(state.staleMessage);
      return;
    }
    const result = assignComponent({
      edpItem: state.item,
      system,
      component,
      list: state.list,
      noItemMessage: t('edc.selectItemFirst'),
    });
    if (!result.ok) {
      notifyError(result.error);
      return;
    }
    save(result.list);
  }

  const title = t('edc.title', { project: project.name, code: state.item.code || t('edc.noItem') });
  return (
    <PagePanel title={title} subtitle={t('pages.projectEdc')}>
      <EdcAssignPanel
        tree={<EdpTreePanel items={edpItems} selectedId={state.item.id === 0 ? null : state.item.id} onSelect={load} />}
        systems={systems.data ?? []}
        components={components.data ?? []}
        onAssign={handleAssign}
      />
      <Box component="section" aria-labelledby="edc-grid-title" sx={{ mt: 3 }}>
        <Typography id="edc-grid-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {state.item.id === 0
            ? t('edc.gridTitleEmpty')
            : t('edc.gridTitle', { item: `${state.item.code} ${state.item.name}` })}
        </Typography>
        <StaleSaveAlert
          message={state.staleMessage}
          reloadLabel={t('edc.reload')}
          onReload={() => load(state.item.id)}
        />
        <EdcGrid
          key={`${state.item.id}:${state.generation}`}
          edpCode={state.item.code}
          list={state.list}
          canEdit={state.item.id !== 0 && state.staleMessage === null}
          onChange={save}
        />
      </Box>
    </PagePanel>
  );
}

/** The route's screen: the project resolved from :id or 'current', then a fresh EDC screen per project. */
export function ProjectEdc() {
  return <ProjectRouteGate>{(project) => <EdcScreen key={project._id} project={project} />}</ProjectRouteGate>;
}
