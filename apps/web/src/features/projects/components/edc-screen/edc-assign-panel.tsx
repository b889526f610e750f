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
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COMPONENT_PREFIX = 'component:';
const SYSTEM_PREFIX = 'system:';

export type EdcAssignPanelProps = {
  /** The left column (the EDP tree), inside the same row as the drop zones and the components. */
  tree: ReactNode;
  systems: readonly CatalogueSystem[];
  components: readonly Component[];
  onAssign: (componentId: string, systemId: string) => void;
};

function describe(record: { code: string; name: string }): string {
  return `${record.code} ${record.name}`;
}

/** One system: a drop zone that shows clearly when a dragged component is over it. */
function SystemDropZone({ system }: { system: CatalogueSystem }) {
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
        p: 1.25,
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
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {system.code}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {system.name}
      </Typography>
      {isOver && (
        <Typography variant="caption" color="success.main" sx={{ fontWeight: 600 }}>
          {t('edc.dropHere')}
        </Typography>
      )}
    </Box>
  );
}

function ComponentCard({ component, isOverlay = false }: { component: Component; isOverlay?: boolean }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        px: 1,
        py: 0.75,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        cursor: isOverlay ? 'grabbing' : 'grab',
        boxShadow: isOverlay ? 6 : 0,
      }}
    >
      <DragIndicatorIcon fontSize="small" color="action" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {component.code}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {component.name}
        </Typography>
      </Box>
    </Paper>
  );
}

function DraggableComponent({ component }: { component: Component }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `${COMPONENT_PREFIX}${component._id}`,
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

/**
 * Middle: the systems as drop zones, in the server's priority order. Right: the main components,
 * draggable (pointer, or the keyboard: Space picks up, arrows move, Space drops) and searchable.
 * Below them 'Asignar', the alternative without dragging: choose a component and a system.
 */
export function EdcAssignPanel({ tree, systems, components, onAssign }: EdcAssignPanelProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [chosenComponent, setChosenComponent] = useState('');
  const [chosenSystem, setChosenSystem] = useState('');
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
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>{tree}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3.5 }}>
          <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('edc.systemsTitle')}
            </Typography>
            <Stack spacing={1} sx={{ maxHeight: 420, overflowY: 'auto' }}>
              {systems.map((system) => (
                <SystemDropZone key={system._id} system={system} />
              ))}
              {systems.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('edc.noSystems')}
                </Typography>
              )}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3.5 }}>
          <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('edc.componentsTitle')}
            </Typography>
            <TextField
              size="small"
              fullWidth
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('edc.searchComponents')}
              slotProps={{ htmlInput: { 'aria-label': t('edc.searchComponents'), type: 'search' } }}
              sx={{ mb: 1 }}
            />
            <Stack spacing={1} sx={{ maxHeight: 370, overflowY: 'auto' }}>
              {visible.map((component) => (
                <DraggableComponent key={component._id} component={component} />
              ))}
              {visible.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('edc.noComponents')}
                </Typography>
              )}
            </Stack>
          </Paper>
        </Grid>
      </Grid>
      <DragOverlay dropAnimation={null}>
        {activeComponent ? (
          <Box data-dnd-overlay="">
            <ComponentCard component={activeComponent} isOverlay />
          </Box>
        ) : null}
      </DragOverlay>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { md: 'center' } }}
        component="form"
        aria-label={t('edc.assignForm')}
        onSubmit={(event) => {
          event.preventDefault();
          if (chosenComponent && chosenSystem) onAssign(chosenComponent, chosenSystem);
        }}
      >
        <TextField
          select
          size="small"
          label={t('edc.chooseComponent')}
          value={chosenComponent}
          onChange={(event) => setChosenComponent(event.target.value)}
          sx={{ minWidth: 260 }}
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
          sx={{ minWidth: 220 }}
        >
          {systems.map((system) => (
            <MenuItem key={system._id} value={system._id}>
              {describe(system)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" color="success" disabled={!chosenComponent || !chosenSystem}>
          {t('edc.assign')}
        </Button>
      </Stack>
    </DndContext>
  );
}
