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
import { useUnsavedWorkStore } from '@/stores/unsaved-work-store';
import { edcComponentsQueryOptions, edcSystemsQueryOptions, useLoadEdc } from '../../api/load-edc';
import { useSaveEdc } from '../../api/save-edc';
import { assignComponent } from '../../utils/edc-rows';
import type { SelectedEdpItem } from '../../utils/edc-rows';
import type { EdcDraftData, EdcDraftEditing } from '../../utils/project-drafts';
import { ProjectRouteGate } from '../project-route-gate';
import { EdcAssignPanel } from './edc-assign-panel';
import { EdcDraft } from './edc-draft';
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
  /** A list sent to saveEdc and not saved yet: in flight, the session expired, or refused as stale (issue 12). */
  pending: { list: EdcItem[]; version: number } | null;
  /** A recovered row edit the grid opens with. */
  restoredEdit: EdcDraftEditing | null;
};

const NO_ITEM: EdcState = {
  item: { id: 0, code: '', name: '' },
  list: [],
  version: 0,
  staleMessage: null,
  generation: 0,
  pending: null,
  restoredEdit: null,
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
  const [rowEdit, setRowEdit] = useState<EdcDraftEditing | null>(null);
  const requestLeave = useUnsavedWorkStore((state) => state.requestLeave);
  // a recovered draft waiting for its item's list to load
  const restoring = useRef<{ draft: EdcDraftData; version: number } | null>(null);

  const load = useCallback(
    (id: number) => {
      requestedId.current = id;
      if (restoring.current?.draft.edpItemId !== id) restoring.current = null;
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
            const restore = restoring.current;
            restoring.current = null;
            const item = { id: source.id, code: source.code, name: source.name };
            if (restore) {
              // the recovered list on screen, based on the chosen version; a pending save is sent again
              const { draft, version } = restore;
              setState((old) => ({
                item,
                list: draft.list,
                version,
                staleMessage: null,
                generation: old.generation + 1,
                pending: null,
                restoredEdit: draft.editing,
              }));
              if (draft.isSavePending) {
                saveRef.current(draft.list, { item, version, previous: edc?.componentesEdc ?? [] });
              }
              return;
            }
            setState((old) => ({
              item,
              list: edc?.componentesEdc ?? [],
              version: edc?.version ?? 0,
              staleMessage: null,
              generation: old.generation + 1,
              pending: null,
              restoredEdit: null,
            }));
          },
        },
      );
    },
    [loadEdc, project._id, edpItems],
  );

  function save(
    next: EdcItem[],
    base: { item: SelectedEdpItem; version: number; previous: EdcItem[] } = {
      item: state.item,
      version: state.version,
      previous: state.list,
    },
  ) {
    const { item, version, previous } = base;
    setState((old) => ({ ...old, list: next, pending: { list: next, version } }));
    saveEdc.mutate(
      { projectId: project._id, edpItemId: item.id, items: next, version },
      {
        onSuccess: ({ edc }) => {
          setState((old) =>
            old.item.id === item.id ? { ...old, list: edc.componentesEdc, version: edc.version, pending: null } : old,
          );
        },
        onError: (error) => {
          setState((old) => {
            if (old.item.id !== item.id) return old;
            // stale: the user's list stays on screen with the warning until 'Recargar'
            if (isFunctionError(error) && error.code === 'ABORTED') {
              return { ...old, staleMessage: describeError(error) };
            }
            // the session expired: the list is kept as a draft and offered back after signing in
            if (isFunctionError(error) && error.code === 'UNAUTHENTICATED') return old;
            // refused (the toast says why): back to the list the server holds
            return { ...old, list: previous, generation: old.generation + 1, pending: null, restoredEdit: null };
          });
        },
      },
    );
  }
  const saveRef = useRef(save);
  saveRef.current = save;

  /** Picking another item: what is not saved of this one asks first (issue 12). */
  function pick(id: number) {
    requestLeave(() => load(id));
  }

  function handleRestore(draft: EdcDraftData, version: number) {
    restoring.current = { draft, version };
    load(draft.edpItemId);
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
      <EdcDraft
        projectId={project._id}
        item={state.item}
        list={state.list}
        version={state.version}
        pending={state.pending}
        rowEdit={rowEdit}
        onRestore={handleRestore}
      />
      <EdcAssignPanel
        tree={<EdpTreePanel items={edpItems} selectedId={state.item.id === 0 ? null : state.item.id} onSelect={pick} />}
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
          onEditingChange={setRowEdit}
          initialEditing={state.restoredEdit}
        />
      </Box>
    </PagePanel>
  );
}

/** The route's screen: the project resolved from :id or 'current', then a fresh EDC screen per project. */
export function ProjectEdc() {
  return <ProjectRouteGate>{(project) => <EdcScreen key={project._id} project={project} />}</ProjectRouteGate>;
}
