import { describe, expect, it } from 'vitest';
import { enUS } from './en-us';
import { esCL } from './es-cl';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('catalogues', () => {
  it('en-US has exactly the keys of es-CL', () => {
    expect(keysOf(enUS).sort()).toEqual(keysOf(esCL).sort());
  });

  it('keeps the spec texts word for word', () => {
    expect(esCL.notices).toMatchObject({ successTitle: 'Mensaje de Cimiento', errorTitle: 'Error en Cimiento' });
    expect(esCL.configurator).toMatchObject({
      title: 'Configuración Dashboard',
      fixedNavbar: 'Barra de navegación fija',
      miniSidenav: 'Menú lateral angosto',
      darkMode: 'Fondo claro / Fondo Oscuro',
    });
    expect(esCL.login.google).toBe('Ingresa con Google');
    expect(esCL.profile.update).toBe('Actualizar información');
    expect(esCL.profile.saveFailed).toBe('Error writing document: {{error}}');
    expect(esCL.projects).toMatchObject({
      listTitle: 'Lista de proyectos',
      newProject: 'Nuevo Proyecto',
      template: 'Plantilla EDP',
      startYear: 'Año inicio de Obras',
      endYear: 'Año previsto de cierre',
      stepBasic: 'Datos básicos',
      stepFinancial: 'Datos financieros',
      stepSummary: 'Resumen',
      confirmCreate: 'Confirma que deseas crear un nuevo proyecto',
      confirmRemove: 'Confirma que deseas eliminar el proyecto',
      noResults: 'No se encontraron resultados',
    });
  });

  it('has no empty text', () => {
    const empty = keysOf(esCL).filter((key) => {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], esCL);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});
