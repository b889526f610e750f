import type { LookAheadFrom } from '@cimiento/domain/last-planner';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { FunctionInput, FunctionOutput } from '@/lib/api-client';
import { notifyMessage } from '@/lib/stores/notices-store';

/** Every Last Planner read of a project: a write reads them all again. */
function lastPlannerKey(projectId: string) {
  return ['lastPlanner', projectId] as const;
}

export type LookAheadParams = { groupBy: 'company' | 'area'; weeks?: number; from?: LookAheadFrom };
export type LookAheadOutput = FunctionOutput<'loadLookAhead'>;
export type WeeklyPlanOutput = FunctionOutput<'loadWeeklyPlan'>;
export type PpcOutput = FunctionOutput<'loadPpc'>;
export type PpcParams = { from?: string; to?: string; companyId?: string };
export type TransferOutput = FunctionOutput<'transferCommitments'>;

/** loadLookAhead: 'Intermedia', the window from the cut-off or today (the project's settings unless told). */
export function useLookAhead(projectId: string, params: LookAheadParams) {
  return useQuery({
    queryKey: [...lastPlannerKey(projectId), 'lookAhead', params] as const,
    queryFn: ({ signal }) => call('loadLookAhead', { id: projectId, ...params }, { signal }),
    placeholderData: keepPreviousData,
    meta: { showErrorToast: false },
  });
}

/** loadWeeklyPlan: one week's candidates, commitments and PPC (absent week: this week). */
export function useWeeklyPlan(projectId: string, week: string | null) {
  return useQuery({
    queryKey: [...lastPlannerKey(projectId), 'weeklyPlan', week] as const,
    queryFn: ({ signal }) => call('loadWeeklyPlan', { id: projectId, ...(week === null ? {} : { week }) }, { signal }),
    placeholderData: keepPreviousData,
    meta: { showErrorToast: false },
  });
}

/** loadPpc: the PPC's whole, trend, per company and Pareto of causes. */
export function usePpc(projectId: string, params: PpcParams) {
  return useQuery({
    queryKey: [...lastPlannerKey(projectId), 'ppc', params] as const,
    queryFn: ({ signal }) => call('loadPpc', { id: projectId, ...params }, { signal }),
    placeholderData: keepPreviousData,
    meta: { showErrorToast: false },
  });
}

/**
 * loadMembers: the people a constraint's responsible may be picked from, and the caller's company
 * (a Subcontratista commits its company's tasks only). The members screen's key, so both share it.
 */
export function useProjectPeople(projectId: string) {
  return useQuery({
    queryKey: ['loadMembers', projectId] as const,
    queryFn: ({ signal }) => call('loadMembers', { id: projectId }, { signal }),
    meta: { showErrorToast: false },
  });
}

/**
 * The Gantt's version as it is now ('Pasar al avance' names it, saveProgress's rule): read afresh
 * each time the dialog opens. The Gantt screen's key, so an open Gantt and this share the answer.
 */
export function useGanttVersion(projectId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['loadGantt', projectId] as const,
    queryFn: ({ signal }) => call('loadGantt', { id: projectId }, { signal }),
    select: (gantt) => gantt.version,
    enabled: isEnabled,
    refetchOnMount: 'always',
    meta: { showErrorToast: false },
  });
}

/**
 * A write of these screens: its refusal is shown by the screen (at the field, in the dialog), never
 * as a toast; after it (done or refused: a stale record is reloaded) every Last Planner read again.
 */
function useLastPlannerWrite<Input, Output extends { message: string }>(
  projectId: string,
  write: (input: Input) => Promise<Output>,
  options: { isQuiet?: (input: Input) => boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { showErrorToast: false },
    onSuccess: (result, input) => {
      if (!(options.isQuiet?.(input) ?? false)) notifyMessage(result.message);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: lastPlannerKey(projectId) });
    },
  });
}

export type ConstraintWrite = FunctionInput<'saveConstraint'>['constraint'] & { taskId: number };

export function useSaveConstraint(projectId: string) {
  return useLastPlannerWrite(projectId, ({ taskId, ...constraint }: ConstraintWrite) =>
    call('saveConstraint', { id: projectId, taskId, constraint }),
  );
}

export function useRemoveConstraint(projectId: string) {
  return useLastPlannerWrite(projectId, (input: { constraintId: string; version: number }) =>
    call('removeConstraint', { id: projectId, ...input }),
  );
}

export function useSaveTaskCompany(projectId: string) {
  return useLastPlannerWrite(projectId, (input: { taskIds: number[]; companyId: string | null }) =>
    call('saveTaskCompany', { id: projectId, ...input }),
  );
}

export type SettingsWrite = FunctionInput<'saveLastPlannerSettings'>['settings'];

export function useSaveSettings(projectId: string) {
  return useLastPlannerWrite(projectId, (settings: SettingsWrite) =>
    call('saveLastPlannerSettings', { id: projectId, settings }),
  );
}

export type CommitmentWrite = FunctionInput<'saveCommitment'>['commitment'];

export function useSaveCommitment(projectId: string) {
  return useLastPlannerWrite(projectId, (commitment: CommitmentWrite) =>
    call('saveCommitment', { id: projectId, commitment }),
  );
}

export function useRemoveCommitment(projectId: string) {
  return useLastPlannerWrite(projectId, (input: { commitmentId: string; version: number }) =>
    call('removeCommitment', { id: projectId, ...input }),
  );
}

export type CloseWrite = Omit<FunctionInput<'closeCommitment'>, 'id'>;

export function useCloseCommitment(projectId: string) {
  return useLastPlannerWrite(projectId, (input: CloseWrite) => call('closeCommitment', { id: projectId, ...input }));
}

/** transferCommitments: a dry run (quiet) or the real one; the real one also reloads the Gantt. */
export function useTransferCommitments(projectId: string) {
  const queryClient = useQueryClient();
  return useLastPlannerWrite(
    projectId,
    async (input: { cutoff: string; version: number; dryRun: boolean }) => {
      const result = await call('transferCommitments', { id: projectId, ...input });
      if (!input.dryRun) await queryClient.invalidateQueries({ queryKey: ['loadGantt', projectId] });
      return result;
    },
    { isQuiet: (input) => input.dryRun },
  );
}
