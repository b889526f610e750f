import { projectsLoadedMessage } from '@cimiento/domain';
import type { ProjectSummary } from '@cimiento/domain';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagePanel } from '@/components/ui/page-panel';
import { projectsQueryOptions } from '@/lib/projects-query';
import { notifyMessage } from '@/lib/stores/notices-store';
import { useSelectProject } from '@/lib/stores/project-store';
import { useRemoveProject } from '../api/remove-project';
import { ProjectEditDialog } from './project-edit-dialog';
import { ProjectImportDialog } from './project-import-dialog';
import { ProjectsTable } from './projects-table';
import { RemoveProjectDialog } from './remove-project-dialog';

/**
 * /projects, 'Lista de proyectos' (product-spec.md §2): loaded when the screen opens, announced
 * with 'Proyectos cargados'; a name or budget selects the project, the edit icon opens 'Editar
 * proyecto', the delete icon asks first (issue 30: the project goes to the Papelera, and the question
 * says so with what it holds); 'Importar programa (MS Project o Primavera P6)' opens the import dialog (issue 14).
 */
export function ProjectsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectProject = useSelectProject();
  // "Loaded when the screen opens": even when the sidebar already has the list
  const list = useQuery({ ...projectsQueryOptions(), refetchOnMount: 'always' });
  const [toRemove, setToRemove] = useState<ProjectSummary | null>(null);
  const [toEdit, setToEdit] = useState<ProjectSummary | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const remove = useRemoveProject({ onSuccess: () => setToRemove(null) });

  // the opening load is announced (spec §8); the reload after a deletion stays silent so the
  // deletion's own message is the one shown
  const hasAnnounced = useRef(false);
  useEffect(() => {
    if (!list.isSuccess || !list.isFetchedAfterMount || hasAnnounced.current) return;
    hasAnnounced.current = true;
    notifyMessage(projectsLoadedMessage);
  }, [list.isSuccess, list.isFetchedAfterMount]);

  const open = useCallback(
    (project: ProjectSummary) => {
      selectProject({ id: project.id, name: project.name });
      void navigate(`/projects/${project.id}`);
    },
    [selectProject, navigate],
  );

  return (
    <PagePanel
      title={t('projects.listTitle')}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            color="success"
            startIcon={<AddIcon />}
            onClick={() => void navigate('/projects/new')}
          >
            {t('projects.newProject')}
          </Button>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setIsImporting(true)}>
            {t('projectImport.open')}
          </Button>
        </Stack>
      }
    >
      <ProjectsTable
        projects={list.data?.projects ?? []}
        isLoading={list.isPending}
        onOpen={open}
        onEdit={setToEdit}
        onRemove={setToRemove}
      />
      {isImporting && <ProjectImportDialog onClose={() => setIsImporting(false)} />}
      {toEdit && <ProjectEditDialog key={toEdit._id} project={toEdit} onClose={() => setToEdit(null)} />}
      <RemoveProjectDialog
        project={toRemove}
        isBusy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={(project) => remove.mutate(project._id)}
      />
    </PagePanel>
  );
}
