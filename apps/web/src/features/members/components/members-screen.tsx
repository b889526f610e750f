import type { LoadedProject } from '@cimiento/domain';
import { roleAllows } from '@cimiento/domain/members';
import type { ProjectCompany, ProjectMember } from '@cimiento/domain/members';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectRouteGate } from '@/components/project/project-route-gate';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagePanel } from '@/components/ui/page-panel';
import { describeError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import {
  useMembers,
  useRemoveCompany,
  useRemoveMember,
  useSaveCompany,
  useSaveMember,
  useUsersToAdd,
} from '../api/members';
import type { CompanyField, MemberField, Refusal } from '../utils/refusals';
import { companyRefusalFields, memberRefusalFields, readRefusal } from '../utils/refusals';
import { CompaniesList } from './companies-list';
import { CompanyDialog } from './company-dialog';
import { MemberDialog } from './member-dialog';
import { MembersList } from './members-list';

/** An open dialog: `sequence` starts each opening afresh. */
type Dialog<T> = { record: T | null; sequence: number } | null;
type Pending = { kind: 'member'; member: ProjectMember } | { kind: 'company'; company: ProjectCompany } | null;

/**
 * /projects/{id}/miembros, 'Miembros' (issue 36): who sees the project and their role, and the
 * companies they work for. A member whose role manages members (a 'Planificador') or an
 * administrator adds, changes and removes them; everyone else sees the lists and their own role.
 */
export function ProjectMembers() {
  return <ProjectRouteGate>{(project) => <MembersScreen key={project._id} project={project} />}</ProjectRouteGate>;
}

export function MembersScreen({ project }: { project: Pick<LoadedProject, '_id' | 'code' | 'name'> }) {
  const { t } = useTranslation();
  const { user, isAdmin } = useSession();
  const projectId = project._id;
  const loaded = useMembers(projectId);
  const members = loaded.data?.members ?? [];
  const companies = loaded.data?.companies ?? [];
  const myRole = members.find((member) => member.userId === user?.id)?.role ?? null;
  const canManage = isAdmin || (myRole !== null && roleAllows(myRole, 'members'));
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const [memberDialog, setMemberDialog] = useState<Dialog<ProjectMember>>(null);
  const [memberRefusal, setMemberRefusal] = useState<Refusal<MemberField> | null>(null);
  const [companyDialog, setCompanyDialog] = useState<Dialog<ProjectCompany>>(null);
  const [companyRefusal, setCompanyRefusal] = useState<Refusal<CompanyField> | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [removeRefusal, setRemoveRefusal] = useState<string | null>(null);

  const users = useUsersToAdd(canManage && memberDialog !== null && memberDialog.record === null);
  const saveMember = useSaveMember(projectId);
  const removeMember = useRemoveMember(projectId);
  const saveCompany = useSaveCompany(projectId);
  const removeCompany = useRemoveCompany(projectId);
  const isBusy = saveMember.isPending || removeMember.isPending || saveCompany.isPending || removeCompany.isPending;

  const memberIds = new Set(members.map((member) => member.userId));
  const candidates = (users.data ?? []).filter((candidate) => !candidate.disabled && !memberIds.has(candidate.id));

  function openMember(member: ProjectMember | null) {
    setMemberRefusal(null);
    setMemberDialog((previous) => ({ record: member, sequence: (previous?.sequence ?? 0) + 1 }));
  }
  function openCompany(company: ProjectCompany | null) {
    setCompanyRefusal(null);
    setCompanyDialog((previous) => ({ record: company, sequence: (previous?.sequence ?? 0) + 1 }));
  }
  function ask(next: Pending) {
    setRemoveRefusal(null);
    setPending(next);
  }

  async function confirmRemoval() {
    if (pending === null) return;
    try {
      if (pending.kind === 'member') await removeMember.mutateAsync(pending.member.userId);
      else await removeCompany.mutateAsync(pending.company.id);
      setPending(null);
    } catch (error) {
      // the server's reason stays in the question; nothing was removed
      setRemoveRefusal(describeError(error));
    }
  }

  let content;
  if (loaded.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void loaded.refetch()}>
            {t('members.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('members.loadFailed')}</AlertTitle>
        {describeError(loaded.error)}
      </Alert>
    );
  } else if (loaded.isPending) content = null;
  else {
    content = (
      <Stack spacing={3}>
        <MembersList
          members={members}
          companies={companies}
          canManage={canManage}
          isBusy={isBusy}
          isNarrow={isNarrow}
          onEdit={openMember}
          onRemove={(member) => ask({ kind: 'member', member })}
        />
        <Divider />
        <Box component="section" aria-labelledby="companies-title">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
          >
            <Box>
              <Typography id="companies-title" variant="h6" component="h2">
                {t('members.companies.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('members.companies.intro')}
              </Typography>
            </Box>
            {canManage && (
              <Button
                variant="outlined"
                color="success"
                startIcon={<AddBusinessIcon />}
                disabled={isBusy}
                onClick={() => openCompany(null)}
                sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
              >
                {t('members.companies.add')}
              </Button>
            )}
          </Stack>
          <CompaniesList
            companies={companies}
            canManage={canManage}
            isBusy={isBusy}
            isNarrow={isNarrow}
            onEdit={openCompany}
            onRemove={(company) => ask({ kind: 'company', company })}
          />
        </Box>
      </Stack>
    );
  }

  const roleLine =
    myRole !== null
      ? t('members.yourRole', { role: t(`roles.${myRole}`) })
      : isAdmin && loaded.isSuccess
        ? t('members.adminNotMember')
        : null;

  return (
    <PagePanel
      title={t('members.title')}
      subtitle={`${project.code} · ${project.name}`}
      actions={
        canManage && (
          <Button
            variant="contained"
            color="success"
            startIcon={<PersonAddIcon />}
            disabled={!loaded.isSuccess || isBusy}
            onClick={() => openMember(null)}
          >
            {t('members.add')}
          </Button>
        )
      }
    >
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('members.intro')}
        </Typography>
        {roleLine !== null && (
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="members-your-role">
            {roleLine}
          </Typography>
        )}
        {loaded.isSuccess && !canManage && (
          <Typography variant="body2" color="text.secondary" data-testid="members-read-only">
            {t('members.readOnly')}
          </Typography>
        )}
      </Stack>
      {content}
      {memberDialog && (
        <Fragment key={memberDialog.sequence}>
          <MemberDialog
            member={memberDialog.record}
            candidates={candidates}
            isLoadingCandidates={users.isPending}
            companies={companies}
            isSaving={saveMember.isPending}
            refusal={memberRefusal}
            onClose={() => setMemberDialog(null)}
            onSubmit={(input) => {
              setMemberRefusal(null);
              saveMember.mutate(input, {
                onSuccess: () => setMemberDialog(null),
                onError: (error) => setMemberRefusal(readRefusal(describeError(error), memberRefusalFields)),
              });
            }}
          />
        </Fragment>
      )}
      {companyDialog && (
        <Fragment key={companyDialog.sequence}>
          <CompanyDialog
            company={companyDialog.record}
            isSaving={saveCompany.isPending}
            refusal={companyRefusal}
            onClose={() => setCompanyDialog(null)}
            onSubmit={(input) => {
              setCompanyRefusal(null);
              saveCompany.mutate(input, {
                onSuccess: () => setCompanyDialog(null),
                onError: (error) => setCompanyRefusal(readRefusal(describeError(error), companyRefusalFields)),
              });
            }}
          />
        </Fragment>
      )}
      <ConfirmDialog
        isOpen={pending !== null}
        text={
          pending === null
            ? ''
            : pending.kind === 'member'
              ? t('members.confirmRemove', { name: pending.member.name })
              : t('members.companies.confirmRemove', { name: pending.company.name, rut: pending.company.rut })
        }
        details={
          removeRefusal !== null && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="remove-refusal">
              {removeRefusal}
            </Alert>
          )
        }
        isBusy={removeMember.isPending || removeCompany.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmRemoval()}
      />
    </PagePanel>
  );
}
