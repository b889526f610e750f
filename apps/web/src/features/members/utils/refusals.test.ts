import { describe, expect, it } from 'vitest';
import { companyRefusalFields, memberRefusalFields, readRefusal } from './refusals';

describe('readRefusal', () => {
  it("puts the server's own field refusals at their field, capitalised", () => {
    expect(
      readRefusal('RUT: ya hay una empresa con el RUT 76.086.428-5 en este proyecto', companyRefusalFields),
    ).toEqual({
      field: 'rut',
      text: 'Ya hay una empresa con el RUT 76.086.428-5 en este proyecto',
    });
    expect(
      readRefusal('Empresa: un Subcontratista debe pertenecer a una empresa del proyecto', memberRefusalFields),
    ).toEqual({ field: 'company', text: 'Un Subcontratista debe pertenecer a una empresa del proyecto' });
  });

  it("reads the contract's paths", () => {
    expect(readRefusal('company.rut: El dígito verificador del RUT no corresponde', companyRefusalFields)).toEqual({
      field: 'rut',
      text: 'El dígito verificador del RUT no corresponde',
    });
  });

  it('leaves a refusal of no field whole, for an alert', () => {
    const message =
      'El proyecto debe tener al menos un Planificador: agrega otro Planificador antes de cambiar o quitar a este';
    expect(readRefusal(message, memberRefusalFields)).toEqual({ field: null, text: message });
  });
});
