import { edcSourceKey, similarEdpItems } from '@cimiento/domain';
import type { EdcItem, LoadedProject } from '@cimiento/domain';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '@/components/ui/page-panel';
import { StaleSaveAlert } from '@/components/ui/stale-save-alert';
import { describeError, isFunctionError } from '@/lib/api-client';
import { taskDeletionNote } from '@/lib/deletion-money';
import { notifyError } from '@/lib/stores/notices-store';
import type { KnownEdcVersion } from '../api/assign-edc';
import { useAssignEdc } from '../api/assign-edc';
import { useCopyEdc } from '../api/copy-edc';
import { useUnassignEdc } from '../api/unassign-edc';
import { useUnsavedWorkStore } from '@/lib/stores/unsaved-work-store';
import { edcComponentsQueryOptions, edcSystemsQueryOptions, useLoadEdc } from '../api/load-edc';
import { useSaveEdc } from '../api/save-edc';
import { useRememberedEdcItem } from '../stores/edc-selection-store';
import { assignComponent } from '../utils/edc-rows';
import type { SelectedEdpItem } from '../utils/edc-rows';
import type { EdcDraftData, EdcDraftEditing } from '@/lib/project-drafts/project-drafts';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { EdcAssignForm, EdcAssignPanel } from './edc-assign-panel';
import { BulkProgress, BulkResultDialog, CopyEdcDialog, UnassignEdcDialog } from './edc-bulk';
import type { BulkKind, BulkResult } from './edc-bulk';
import { EdcDraft } from './edc-draft';
import { EdcGrid } from './edc-grid';
import { EdpTreePanel } from './edp-tree-panel';
import { RoleNotice } from '@/components/project/role-notice';
import { useProjectAbilities } from '@/lib/project-abilities';

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

/** A bulk action (issue 13) on the ticked items. */
type BulkAction =
  | { kind: 'assign'; componentId: string; systemId: string }
  | { kind: 'copy' }
  | { kind: 'unassign'; componentId: string; systemId: string };

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
 *
 * Layout (issue 12: the grid on screen at 1366×768 without scrolling the page): the card is as tall
 * as the window (the route's `isFullHeight`, which PagePanel follows); the tree fills the left column, the drop zones and components sit in a band above
 * the grid on the right, and every panel scrolls inside. 'Asignar' is in the header.
 *
 * The selected item is remembered per user and project: coming back reselects it, opens the tree
 * down to it and loads its EDC; an item the EDP no longer has is forgotten without a word.
 */
export function EdcScreen({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const [state, setState] = useState<EdcState>(NO_ITEM);
  const { role, canPlan } = useProjectAbilities(project._id);
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
  const { rememberedId, remember, forget } = useRememberedEdcItem(project._id);
  // issue 13: the ticked items (the tree's string ids), the bulk calls, their progress and result
  const [tickedIds, setTickedIds] = useState<string[]>([]);
  const assignEdc = useAssignEdc();
  const copyEdc = useCopyEdc();
  const unassignEdc = useUnassignEdc();
  const [running, setRunning] = useState<{ kind: BulkKind; count: number } | null>(null);
  const [bulkResult, setBulkResult] = useState<BulkResult | null>(null);
  const [dialog, setDialog] = useState<'copy' | 'unassign' | null>(null);
  // the EDC versions this screen has seen (loads, saves, bulk answers), sent with the bulk calls
  const knownVersions = useRef(new Map<number, number>());
  const edpById = useMemo(() => new Map(edpItems.map((item) => [item.id, item])), [edpItems]);
  // read once: the screen is fresh per project (keyed), and later choices only update the memory
  const [revealId] = useState(() =>
    rememberedId !== null && edpItems.some((item) => item.id === rememberedId) ? rememberedId : null,
  );

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
            remember(source.id);
            knownVersions.current.set(source.id, edc?.version ?? 0);
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
          // the item went from the EDP since the project was loaded (the toast says so): not remembered any more
          onError: (error) => {
            if (isFunctionError(error) && error.code === 'NOT_FOUND' && rememberedId === id) forget();
          },
        },
      );
    },
    [loadEdc, project._id, edpItems, remember, forget, rememberedId],
  );

  // on opening: the remembered item, or (gone from the EDP) forget it
  const hasOpened = useRef(false);
  useEffect(() => {
    if (hasOpened.current) return;
    hasOpened.current = true;
    if (revealId !== null) load(revealId);
    else if (rememberedId !== null) forget();
  }, [revealId, rememberedId, load, forget]);

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
          knownVersions.current.set(item.id, edc.version);
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

  /**
   * Picking another item: what is not saved of this one asks first (issue 12); the screen stays.
   * Stable, so the memoised tree is not drawn again on every keystroke in the grid or every save.
   */
  const pick = useCallback((id: number) => requestLeave(() => load(id), { staysOnScreen: true }), [requestLeave, load]);

  function handleRestore(draft: EdcDraftData, version: number) {
    restoring.current = { draft, version };
    load(draft.edpItemId);
  }

  function handleAssign(componentId: string, systemId: string) {
    if (tickedIds.length > 0) {
      runBulk({ kind: 'assign', componentId, systemId });
      return;
    }
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

  // in EDP order, so the calls (and their answers) read top to bottom
  const edpOrder = useMemo(() => new Map(edpItems.map((item, index) => [item.id, index])), [edpItems]);
  const tickedNumbers = useMemo(
    () =>
      tickedIds.map(Number).sort((left, right) => (edpOrder.get(left) ?? Infinity) - (edpOrder.get(right) ?? Infinity)),
    [tickedIds, edpOrder],
  );
  const shownId = state.item.id;
  const copyTargets = useMemo(() => tickedNumbers.filter((id) => id !== shownId), [tickedNumbers, shownId]);
  const isBusy = running !== null;

  /**
   * Runs a bulk action on the ticked items (one call for all of them). The shown item with edits
   * not saved asks first when the action reads or writes it (the unsaved-work question); after it,
   * the shown item's grid shows the answer's list and version.
   */
  function runBulk(action: BulkAction) {
    if (running) return;
    const targets = action.kind === 'copy' ? copyTargets : tickedNumbers;
    if (targets.length === 0) return;
    const item = state.item;
    const touchesShown = item.id !== 0 && (action.kind === 'copy' || targets.includes(item.id));
    const isDirty = state.pending !== null || rowEdit !== null || state.staleMessage !== null;
    const go = () => executeBulk(action, targets, touchesShown && isDirty ? item.id : null);
    if (touchesShown && isDirty) requestLeave(go, { staysOnScreen: true });
    else go();
  }

  function executeBulk(action: BulkAction, targets: number[], discardedId: number | null) {
    const versionIds = action.kind === 'copy' && shownId !== 0 ? [shownId, ...targets] : targets;
    const versions: KnownEdcVersion[] = [];
    for (const id of versionIds) {
      // the shown item's edits were just dropped: its stored version is the one the screen last read
      const version = knownVersions.current.get(id);
      if (version !== undefined) versions.push({ id, version });
    }
    setRunning({ kind: action.kind, count: targets.length });
    const handlers = {
      onSuccess: (output: BulkResult['output']) => {
        for (const changed of output.items) knownVersions.current.set(changed.id, changed.version);
        const shown = output.items.find((changed) => changed.id === shownId);
        if (shown) {
          setRowEdit(null);
          setState((old) =>
            old.item.id === shown.id
              ? {
                  ...old,
                  list: shown.componentesEdc,
                  version: shown.version,
                  staleMessage: null,
                  generation: old.generation + 1,
                  pending: null,
                  restoredEdit: null,
                }
              : old,
          );
        } else if (discardedId !== null && discardedId === shownId) {
          // the edits the user chose to drop: back to what is stored
          load(discardedId);
        }
        setBulkResult({ kind: action.kind, output });
      },
      onSettled: () => setRunning(null),
    };
    if (action.kind === 'assign') {
      assignEdc.mutate(
        {
          projectId: project._id,
          itemIds: targets,
          componentId: action.componentId,
          systemId: action.systemId,
          versions,
        },
        handlers,
      );
    } else if (action.kind === 'unassign') {
      unassignEdc.mutate(
        {
          projectId: project._id,
          itemIds: targets,
          componentId: action.componentId,
          systemId: action.systemId,
          versions,
        },
        handlers,
      );
    } else {
      copyEdc.mutate({ projectId: project._id, fromItemId: shownId, toItemIds: targets, versions }, handlers);
    }
  }

  // stable for the memoised tree
  const selectSimilar = useCallback(() => {
    if (shownId === 0) return;
    const similar = similarEdpItems(edpItems, shownId);
    setTickedIds((old) => {
      const next = new Set(old);
      for (const id of similar) next.add(String(id));
      return next.size === old.length ? old : [...next];
    });
  }, [edpItems, shownId]);
  const clearTicks = useCallback(() => setTickedIds([]), []);
  const openCopy = useCallback(() => setDialog('copy'), []);
  const openUnassign = useCallback(() => setDialog('unassign'), []);
  const codeOf = useCallback(
    (id: number) => {
      const item = edpById.get(id);
      return item ? `${item.code} ${item.name}` : String(id);
    },
    [edpById],
  );

  const title = t('edc.title', { project: project.name, code: state.item.code || t('edc.noItem') });
  return (
    <PagePanel
      title={title}
      subtitle={t('pages.projectEdc')}
      actions={
        canPlan && (
          <EdcAssignForm
            systems={systems.data ?? []}
            components={components.data ?? []}
            onAssign={handleAssign}
            targetCount={tickedIds.length}
            isBusy={isBusy}
          />
        )
      }
    >
      <RoleNotice role={role} allowed={canPlan} />
      {canPlan && (
        <EdcDraft
          projectId={project._id}
          item={state.item}
          list={state.list}
          version={state.version}
          pending={state.pending}
          rowEdit={rowEdit}
          onRestore={handleRestore}
        />
      )}
      {running && <BulkProgress kind={running.kind} count={running.count} />}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 1fr) 3fr' },
          gap: 2,
          flex: { md: '1 1 0' },
          minHeight: 0,
        }}
      >
        <EdpTreePanel
          items={edpItems}
          selectedId={state.item.id === 0 ? null : state.item.id}
          onSelect={pick}
          revealId={revealId}
          tickedIds={tickedIds}
          onTickedChange={setTickedIds}
          onSelectSimilar={selectSimilar}
          onClearTicks={clearTicks}
          onCopy={openCopy}
          onUnassign={openUnassign}
          canCopy={shownId !== 0 && state.list.length > 0 && copyTargets.length > 0}
          isBusy={isBusy}
          canChange={canPlan}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, minHeight: 0 }}>
          {/* a band above the grid: about a third of the column, never the whole of it */}
          {canPlan && (
            <Box sx={{ flex: { md: '0 0 clamp(128px, 30%, 240px)' }, minHeight: 0 }}>
              <EdcAssignPanel
                systems={systems.data ?? []}
                components={components.data ?? []}
                onAssign={handleAssign}
                targetCount={tickedIds.length}
                isBusy={isBusy}
              />
            </Box>
          )}
          <Box
            component="section"
            aria-labelledby="edc-grid-title"
            sx={{ display: 'flex', flexDirection: 'column', flex: { md: '1 1 0' }, minHeight: 0 }}
          >
            <EdcGrid
              key={`${state.item.id}:${state.generation}`}
              title={
                state.item.id === 0
                  ? t('edc.gridTitleEmpty')
                  : t('edc.gridTitle', { item: `${state.item.code} ${state.item.name}` })
              }
              titleId="edc-grid-title"
              notice={
                <StaleSaveAlert
                  message={state.staleMessage}
                  reloadLabel={t('edc.reload')}
                  onReload={() => load(state.item.id)}
                />
              }
              edpCode={state.item.code}
              edpItem={edpById.get(state.item.id)}
              list={state.list}
              canEdit={state.item.id !== 0 && state.staleMessage === null}
              readOnly={!canPlan}
              onChange={save}
              onEditingChange={setRowEdit}
              initialEditing={state.restoredEdit}
              describeRemoval={(codes) =>
                taskDeletionNote(t, project._id, {
                  taskKeys: codes.map((code) => edcSourceKey(state.item.id, code)),
                })
              }
            />
          </Box>
        </Box>
      </Box>
      <CopyEdcDialog
        isOpen={dialog === 'copy'}
        item={`${state.item.code} ${state.item.name}`}
        rows={state.list.length}
        count={copyTargets.length}
        isSourceTicked={copyTargets.length !== tickedNumbers.length}
        onConfirm={() => {
          setDialog(null);
          runBulk({ kind: 'copy' });
        }}
        onCancel={() => setDialog(null)}
      />
      {dialog === 'unassign' && (
        <UnassignEdcDialog
          systems={systems.data ?? []}
          components={components.data ?? []}
          count={tickedNumbers.length}
          describeRemoval={(componentId, systemId) =>
            taskDeletionNote(t, project._id, { unassign: { itemIds: tickedNumbers, componentId, systemId } })
          }
          onConfirm={(componentId, systemId) => {
            setDialog(null);
            runBulk({ kind: 'unassign', componentId, systemId });
          }}
          onCancel={() => setDialog(null)}
        />
      )}
      <BulkResultDialog result={bulkResult} codeOf={codeOf} onClose={() => setBulkResult(null)} />
    </PagePanel>
  );
}

/** The route's screen: the project resolved from :id or 'current', then a fresh EDC screen per project. */
export function ProjectEdc() {
  return <ProjectRouteGate>{(project) => <EdcScreen key={project._id} project={project} />}</ProjectRouteGate>;
}
