import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDraft, useProjectWizardStore } from './project-wizard-store';

const store = () => useProjectWizardStore.getState();

describe('project wizard store (spec §4 Wizard: step 0 to 2, never below 0)', () => {
  beforeEach(() => store().reset());

  it('starts at step 0 with the spec defaults (priority 0, generica, USD, 2023 - 2023)', () => {
    expect(store().activeStep).toBe(0);
    expect(store().draft).toEqual({
      name: '',
      code: '',
      priority: '0',
      template: 'generica',
      sequencing: 'train',
      quantities: {},
      sectorQuantities: {},
      currency: 'USD',
      budget: '0',
      startYear: '2023',
      endYear: '2023',
    });
  });

  it("keeps the chosen 'Secuencia del Gantt' across steps, and reset() brings back 'Tren de actividades'", () => {
    store().updateDraft({ sequencing: 'none' });
    store().next();
    store().next();
    expect(store().draft.sequencing).toBe('none');
    store().resetStep();
    expect(store().draft.sequencing).toBe('none');
    store().reset();
    expect(store().draft.sequencing).toBe('train');
  });

  it('Next increments up to the summary step and no further', () => {
    store().next();
    expect(store().activeStep).toBe(1);
    store().next();
    expect(store().activeStep).toBe(2);
    store().next();
    expect(store().activeStep).toBe(2);
  });

  it('Previous decrements and never goes below 0', () => {
    store().goToStep(2);
    store().previous();
    expect(store().activeStep).toBe(1);
    store().previous();
    store().previous();
    expect(store().activeStep).toBe(0);
  });

  it('keeps a requested step within 0..2', () => {
    store().goToStep(7);
    expect(store().activeStep).toBe(2);
    store().goToStep(-3);
    expect(store().activeStep).toBe(0);
  });

  it('reset() clears the draft and goes back to step 0; resetStep() keeps the draft', () => {
    store().updateDraft({ name: 'Hospital de Talca', code: 'HT' });
    store().setQuantity('area-1', 3);
    store().goToStep(2);
    store().resetStep();
    expect(store().activeStep).toBe(0);
    expect(store().draft.quantities).toEqual({ 'area-1': 3 });
    store().reset();
    expect(store().draft).toEqual(emptyDraft);
  });
});
