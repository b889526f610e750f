import { projectDefaults } from '@cimiento/domain';
import type { Currency, ProjectTemplate, SequencingMode } from '@cimiento/domain';
import { create } from 'zustand';

/** The wizard's three visible steps: Datos básicos, Datos financieros, Resumen. */
export const WIZARD_STEP_COUNT = 3;
export const LAST_WIZARD_STEP = WIZARD_STEP_COUNT - 1;

/**
 * The project being created, as the user typed it: numbers stay text so an emptied field stays
 * empty (the spec's error state), the budget is kept as typed ('1.234.567,89') and read when shown
 * or sent. Quantities are per area type `_id`; a type not in the map has quantity 0. Issue 35: each
 * area type's sub-area quantities as typed, per area type `_id` and sub-area id; one not typed is the
 * catalogue's.
 */
export type ProjectDraft = {
  name: string;
  code: string;
  priority: string;
  template: ProjectTemplate;
  /** issue 13: how the Gantt links the tasks generated from the EDC ('Secuencia del Gantt') */
  sequencing: SequencingMode;
  quantities: Record<string, number>;
  sectorQuantities: Record<string, Record<number, string>>;
  currency: Currency;
  budget: string;
  startYear: string;
  endYear: string;
};

export const emptyDraft: ProjectDraft = {
  name: '',
  code: '',
  priority: projectDefaults.priority,
  template: projectDefaults.template,
  sequencing: projectDefaults.sequencing,
  quantities: {},
  sectorQuantities: {},
  currency: projectDefaults.currency,
  budget: projectDefaults.budget,
  startYear: projectDefaults.startYear,
  endYear: projectDefaults.endYear,
};

/** The spec's wizard state (§3 "Wizard step (activeStep), starts at 0"; §4 Wizard). */
export type ProjectWizardState = {
  activeStep: number;
  draft: ProjectDraft;
  /** Next and Previous stay within 0..2; never below 0. */
  next: () => void;
  previous: () => void;
  goToStep: (step: number) => void;
  updateDraft: (changes: Partial<Omit<ProjectDraft, 'quantities' | 'sectorQuantities'>>) => void;
  setQuantity: (areaTypeId: string, quantity: number) => void;
  /** issue 35: how many of one sub-area each area of the type has, as typed */
  setSectorQuantity: (areaTypeId: string, sectorId: number, text: string) => void;
  /** Back to step 0 with the defaults (the draft is cleared on opening the wizard). */
  reset: () => void;
  /** Back to step 0, keeping the draft (after a successful save, spec §4). */
  resetStep: () => void;
};

function clampStep(step: number): number {
  if (!Number.isFinite(step)) return 0;
  return Math.min(LAST_WIZARD_STEP, Math.max(0, Math.trunc(step)));
}

export const useProjectWizardStore = create<ProjectWizardState>()((set) => ({
  activeStep: 0,
  draft: emptyDraft,
  next: () => set((state) => ({ activeStep: clampStep(state.activeStep + 1) })),
  previous: () => set((state) => ({ activeStep: clampStep(state.activeStep - 1) })),
  goToStep: (step) => set({ activeStep: clampStep(step) }),
  updateDraft: (changes) => set((state) => ({ draft: { ...state.draft, ...changes } })),
  setQuantity: (areaTypeId, quantity) =>
    set((state) => ({ draft: { ...state.draft, quantities: { ...state.draft.quantities, [areaTypeId]: quantity } } })),
  setSectorQuantity: (areaTypeId, sectorId, text) =>
    set((state) => {
      const own = { ...state.draft.sectorQuantities[areaTypeId], [sectorId]: text };
      return { draft: { ...state.draft, sectorQuantities: { ...state.draft.sectorQuantities, [areaTypeId]: own } } };
    }),
  reset: () => set({ activeStep: 0, draft: emptyDraft }),
  resetStep: () => set({ activeStep: 0 }),
}));
