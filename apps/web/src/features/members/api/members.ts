import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionInput } from '@/lib/api-client';
import { projectsQueryKey } from '@/lib/projects-query';
import { notifyMessage } from '@/lib/stores/notices-store';

/** loadMembers' key: every write of the screen reads it again. */
export function membersQueryKey(projectId: string) {
  return ['loadMembers', projectId] as const;
}

/** loadMembers (every member of the project may): its members and its companies. */
export function membersQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: membersQueryKey(projectId),
    queryFn: ({ signal }) => call('loadMembers', { id: projectId }, { signal }),
    // the screen says why it could not load them
    meta: { showErrorToast: false },
  });
}

export function useMembers(projectId: string) {
  return useQuery({ ...membersQueryOptions(projectId), refetchOnMount: 'always' });
}

/**
 * loadUsers, open to every signed-in user: the people a member may be picked from. The same key as
 * Administración › Usuarios (which this feature may not import), so both share the loaded list.
 */
export function useUsersToAdd(isEnabled: boolean) {
  return useQuery({
    queryKey: ['users'] as const,
    queryFn: ({ signal }) => call('loadUsers', null, { signal }),
    select: (result) => result.users,
    enabled: isEnabled,
  });
}

/**
 * After a write: the members and companies, and the project list (a member added or removed changes
 * who sees the project, and the caller's own role may have changed).
 */
async function reloadAfterWrite(queryClient: QueryClient, projectId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: membersQueryKey(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  ]);
}

/**
 * The screen's writes: the server's refusals (the last Planificador, a RUT already used, a company
 * with members) are shown at the field or in the dialog, not as a toast; nothing changes then.
 */
function useMemberWrite<Input>(projectId: string, write: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { showErrorToast: false },
    onSuccess: async (result) => {
      notifyMessage(result.message);
      await reloadAfterWrite(queryClient, projectId);
    },
  });
}

export type MemberInput = FunctionInput<'saveMember'>['member'];
export type CompanyInput = FunctionInput<'saveCompany'>['company'];

/** saveMember: adds a user with a role, or changes a member's role or company. */
export function useSaveMember(projectId: string) {
  return useMemberWrite(projectId, (member: MemberInput) => call('saveMember', { id: projectId, member }));
}

/** removeMember: the user stops seeing the project and its notices. */
export function useRemoveMember(projectId: string) {
  return useMemberWrite(projectId, (userId: string) => call('removeMember', { id: projectId, userId }));
}

/** saveCompany: a new company of the project (no id) or a change to one. */
export function useSaveCompany(projectId: string) {
  return useMemberWrite(projectId, (company: CompanyInput) => call('saveCompany', { id: projectId, company }));
}

/** removeCompany: refused by the server while members work for it. */
export function useRemoveCompany(projectId: string) {
  return useMemberWrite(projectId, (companyId: string) => call('removeCompany', { id: projectId, companyId }));
}
