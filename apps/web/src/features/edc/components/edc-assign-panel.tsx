import type { CatalogueSystem, Component } from '@cimiento/domain';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COMPONENT_PREFIX = 'component:';
const SYSTEM_PREFIX = 'system:';

export type EdcAssignPanelProps = {
  systems: readonly CatalogueSystem[];
  components: readonly Component[];
  onAssign: (componentId: string, systemId: string) => void;
  /** The ticked EDP items (issue 13): above 0, a drop assigns to all of them at once, and the zones say so. */
  targetCount?: number;
  /** A bulk action runs: nothing can be dragged meanwhile. */
  isBusy?: boolean;
};

function describe(record: { code: string; name: string }): string {
  return `${record.code} ${record.name}`;
}

/** One system: a drop zone that shows clearly when a dragged component is over it. */
function SystemDropZone({ system, targetCount }: { system: CatalogueSystem; targetCount: number }) {
  const { t } = useTranslation();
  const { isOver, setNodeRef, active } = useDroppable({ id: `${SYSTEM_PREFIX}${system._id}` });
  const isDragging = active !== null;
  return (
    <Box
      ref={setNodeRef}
      role="group"
      aria-label={t('edc.dropZone', { system: describe(system) })}
      data-over={isOver ? 'true' : 'false'}
      sx={(theme) => ({
        px: 1,
        py: 0.5,
        minWidth: 0,
        borderRadius: 1,
        border: '2px dashed',
        borderColor: isOver
          ? theme.palette.success.main
          : isDragging
            ? theme.palette.info.light
            : theme.palette.divider,
        backgroundColor: isOver ? alpha(theme.palette.success.main, 0.14) : 'transparent',
        transition: 'background-color 120ms, border-color 120ms',
      })}
    >
      {/* one line, the same either way, so the zones do not move under the pointer */}
      <Typography variant="body2" noWrap title={describe(system)}>
        <Box component="span" sx={{ fontWeight: 600, mr: 0.75 }}>
          {system.code}
        </Box>
        {isOver ? (
          <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }}>
            {targetCount > 0 ? t('edc.bulk.dropHere', { count: targetCount }) : t('edc.dropHere')}
          </Box>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {system.name}
          </Box>
        )}
      </Typography>
    </Box>
  );
}

function ComponentCard({ component, isOverlay = false }: { component: Component; isOverlay?: boolean }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        pl: 0.5,
        pr: 1,
        py: 0.5,
        minWidth: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        cursor: isOverlay ? 'grabbing' : 'grab',
        boxShadow: isOverlay ? 6 : 0,
      }}
    >
      <DragIndicatorIcon fontSize="small" color="action" />
      <Typography variant="body2" noWrap title={describe(component)} sx={{ minWidth: 0 }}>
        {/* a real space: the card's text reads as its accessible name does ('AAP Agua potable') */}
        <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }}>
          {component.code}
        </Box>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {component.name}
        </Box>
      </Typography>
    </Paper>
  );
}

function DraggableComponent({ component, isDisabled }: { component: Component; isDisabled: boolean }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `${COMPONENT_PREFIX}${component._id}`,
    disabled: isDisabled,
  });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('edc.dragComponent', { component: describe(component) })}
      data-component-code={component.code}
      sx={{ opacity: isDragging ? 0.4 : 1, touchAction: 'none', borderRadius: 1 }}
    >
      <ComponentCard component={component} />
    </Box>
  );
}

/** A panel of the assignment area: its title (and tools) above a list that scrolls inside the panel. */
function AssignBox({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 1.25, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="subtitle2" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {tools}
      </Stack>
      {/* it scrolls: focusable, so the keyboard can scroll it too (the drop zones themselves are not) */}
      <Box
        tabIndex={0}
        role="group"
        aria-labelledby={titleId}
        sx={{
          flex: { md: '1 1 0' },
          minHeight: 0,
          maxHeight: { xs: 240, md: 'none' },
          overflowY: 'auto',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          alignContent: 'start',
          gap: 1,
          // room for the focus ring and the drop zones' border
          p: 0.25,
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}

/**
 * The systems as drop zones, in the server's priority order, beside the main components, draggable
 * (pointer, or the keyboard: Space picks up, arrows move, Space drops) and searchable. Both lists
 * scroll inside their panels, so the area keeps the height the screen gives it.
 */
export function EdcAssignPanel({
  systems,
  components,
  onAssign,
  targetCount = 0,
  isBusy = false,
}: EdcAssignPanelProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSensors(
    // a few pixels before a drag starts, so a click on a card stays a click
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );

  const visible = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase('es-CL');
    if (needle === '') return components;
    return components.filter((component) => describe(component).toLocaleLowerCase('es-CL').includes(needle));
  }, [components, search]);

  const byDragId = (id: string | number | undefined, prefix: string) =>
    typeof id === 'string' && id.startsWith(prefix) ? id.slice(prefix.length) : null;
  const nameOf = (id: string | number | undefined) => {
    const component = components.find((candidate) => candidate._id === byDragId(id, COMPONENT_PREFIX));
    if (component) return describe(component);
    const system = systems.find((candidate) => candidate._id === byDragId(id, SYSTEM_PREFIX));
    return system ? describe(system) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('edc.announceStart', { component: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('edc.announceOver', { component: nameOf(active.id), system: nameOf(over.id) })
        : t('edc.announceOutside', { component: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('edc.announceDrop', { component: nameOf(active.id), system: nameOf(over.id) })
        : t('edc.announceCancel', { component: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('edc.announceCancel', { component: nameOf(active.id) }),
  };

  function handleDragStart(event: DragStartEvent) {
    setActiveId(String(event.active.id));
  }

  function handleDragEnd(event: DragEndEvent) {
    setActiveId(null);
    const componentId = byDragId(event.active.id, COMPONENT_PREFIX);
    const systemId = byDragId(event.over?.id, SYSTEM_PREFIX);
    if (componentId && systemId) onAssign(componentId, systemId);
  }

  const activeComponent = components.find((candidate) => candidate._id === byDragId(activeId ?? '', COMPONENT_PREFIX));

  return (
    <DndContext
      sensors={sensors}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('edc.dragInstructions') } }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1.5,
          height: '100%',
          minHeight: 0,
        }}
      >
        <AssignBox
          title={t('edc.systemsTitle')}
          tools={
            targetCount > 0 ? (
              <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }} data-testid="edc-drop-target">
                {t('edc.bulk.dropTarget', { count: targetCount })}
              </Typography>
            ) : undefined
          }
        >
          {systems.map((system) => (
            <SystemDropZone key={system._id} system={system} targetCount={targetCount} />
          ))}
          {systems.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
              {t('edc.noSystems')}
            </Typography>
          )}
        </AssignBox>
        <AssignBox
          title={t('edc.componentsTitle')}
          tools={
            <TextField
              size="small"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('edc.searchComponentsShort')}
              slotProps={{
                htmlInput: { 'aria-label': t('edc.searchComponents'), type: 'search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              sx={{ flex: '1 1 120px', maxWidth: 200, '& .MuiInputBase-input': { py: 0.5 } }}
            />
          }
        >
          {visible.map((component) => (
            <DraggableComponent key={component._id} component={component} isDisabled={isBusy} />
          ))}
          {visible.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
              {t('edc.noComponents')}
            </Typography>
          )}
        </AssignBox>
      </Box>
      <DragOverlay dropAnimation={null}>
        {activeComponent ? (
          <Box data-dnd-overlay="">
            <ComponentCard component={activeComponent} isOverlay />
          </Box>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

export type EdcAssignFormProps = {
  systems: readonly CatalogueSystem[];
  components: readonly Component[];
  onAssign: (componentId: string, systemId: string) => void;
  /** The ticked EDP items (issue 13): above 0, 'Asignar a N ítems marcados' assigns to all of them. */
  targetCount?: number;
  isBusy?: boolean;
};

/** 'Asignar', the alternative without dragging: choose a main component and a system. */
export function EdcAssignForm({ systems, components, onAssign, targetCount = 0, isBusy = false }: EdcAssignFormProps) {
  const { t } = useTranslation();
  const [chosenComponent, setChosenComponent] = useState('');
  const [chosenSystem, setChosenSystem] = useState('');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      component="form"
      aria-label={t('edc.assignForm')}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosenComponent && chosenSystem && !isBusy) onAssign(chosenComponent, chosenSystem);
      }}
    >
      <TextField
        select
        size="small"
        label={t('edc.chooseComponent')}
        value={chosenComponent}
        onChange={(event) => setChosenComponent(event.target.value)}
        sx={{ width: { sm: 230 } }}
      >
        {components.map((component) => (
          <MenuItem key={component._id} value={component._id}>
            {describe(component)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('edc.chooseSystem')}
        value={chosenSystem}
        onChange={(event) => setChosenSystem(event.target.value)}
        sx={{ width: { sm: 180 } }}
      >
        {systems.map((system) => (
          <MenuItem key={system._id} value={system._id}>
            {describe(system)}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" color="success" disabled={!chosenComponent || !chosenSystem || isBusy}>
        {targetCount > 0 ? t('edc.bulk.assign', { count: targetCount }) : t('edc.assign')}
      </Button>
    </Stack>
  );
}
