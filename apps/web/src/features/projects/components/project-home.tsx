import { formatMoney, formatNumber, sortByPriority } from '@cimiento/domain';
import type { LoadedProject } from '@cimiento/domain';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import EditIcon from '@mui/icons-material/Edit';
import HubIcon from '@mui/icons-material/Hub';
import TimelineIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ProjectRoleChip } from '@/components/project/project-role-chip';
import { PagePanel } from '@/components/ui/page-panel';
import { useProjectAbilities } from '@/lib/project-abilities';
import { DefinitionList } from './definition-list';
import { workWeekLabel } from '../utils/project-edit-rules';
import { ProjectEditDialog } from './project-edit-dialog';
import { ProjectRouteGate } from '@/components/project/project-route-gate';

function ProjectInformation({ project }: { project: LoadedProject }) {
  const { t } = useTranslation();
  const base = `/projects/${project.id}`;
  const chosenAreaTypes = sortByPriority(project.tiposArea).filter((areaType) => areaType.quantity > 0);
  const [isEditing, setIsEditing] = useState(false);
  // issue 36: the caller's role, from the project list (the sidebar has it loaded)
  const { role, canPlan } = useProjectAbilities(project._id);
  return (
    <PagePanel
      title={project.name}
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            component={RouterLink}
            to={`${base}/edp`}
            variant="contained"
            color="success"
            startIcon={<AccountTreeIcon />}
          >
            {t('projects.openEdp')}
          </Button>
          <Button component={RouterLink} to={`${base}/edc`} variant="outlined" startIcon={<HubIcon />}>
            {t('projects.openEdc')}
          </Button>
          <Button component={RouterLink} to={`${base}/gantt`} variant="outlined" startIcon={<TimelineIcon />}>
            {t('projects.openGantt')}
          </Button>
          {canPlan && (
            <Button variant="outlined" color="inherit" startIcon={<EditIcon />} onClick={() => setIsEditing(true)}>
              {t('projects.edit')}
            </Button>
          )}
        </Stack>
      }
    >
      <DefinitionList
        entries={[
          { key: 'code', term: t('projects.code'), value: project.code },
          ...(role === undefined
            ? []
            : [
                {
                  key: 'role',
                  term: t('projects.yourRole'),
                  value: (
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <ProjectRoleChip role={role} />
                      <Link component={RouterLink} to={`${base}/miembros`} variant="body2">
                        {t('projects.seeMembers')}
                      </Link>
                    </Stack>
                  ),
                },
              ]),
          {
            key: 'lastPlanner',
            term: t('projects.lastPlanner'),
            value: (
              <Stack
                component="nav"
                aria-label={t('projects.lastPlanner')}
                direction="row"
                spacing={1.5}
                sx={{ flexWrap: 'wrap', rowGap: 0.5 }}
              >
                <Link component={RouterLink} to={`${base}/intermedia`} variant="body2">
                  {t('nav.lookAhead')}
                </Link>
                <Link component={RouterLink} to={`${base}/plan-semanal`} variant="body2">
                  {t('nav.weeklyPlan')}
                </Link>
                <Link component={RouterLink} to={`${base}/ppc`} variant="body2">
                  {t('nav.ppc')}
                </Link>
              </Stack>
            ),
          },
          { key: 'priority', term: t('projects.priority'), value: project.priority },
          { key: 'template', term: t('projects.template'), value: project.template },
          { key: 'budget', term: t('projects.budget'), value: formatMoney(project.budget, project.currency) },
          {
            key: 'period',
            term: t('projects.executionPeriod'),
            value: t('projects.period', { start: project.startYear, end: project.endYear }),
          },
          { key: 'workWeek', term: t('gantt.workWeek'), value: workWeekLabel(t, project.workWeek) },
          {
            key: 'areaTypes',
            term: t('projects.areaTypes'),
            value:
              chosenAreaTypes.length === 0 ? (
                t('projects.noAreaTypesChosen')
              ) : (
                <Box component="ul" aria-label={t('projects.areaTypes')} sx={{ m: 0, pl: 2.5 }}>
                  {chosenAreaTypes.map((areaType) => (
                    <li key={areaType._id}>
                      <span>{areaType.name}</span>: {areaType.quantity}
                    </li>
                  ))}
                </Box>
              ),
          },
          { key: 'edpItems', term: t('projects.edpItems'), value: formatNumber(project.edpItemCount) },
        ]}
      />
      {isEditing && <ProjectEditDialog project={project} onClose={() => setIsEditing(false)} />}
    </PagePanel>
  );
}

/** /projects/{id}, 'Proyecto - Home': the project's header card (product-spec.md §2). */
export function ProjectHome() {
  return <ProjectRouteGate>{(project) => <ProjectInformation project={project} />}</ProjectRouteGate>;
}
