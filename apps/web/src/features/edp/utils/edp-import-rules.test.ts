import { describe, expect, it } from 'vitest';
import { MAX_WORKBOOK_FILE_BYTES, refuseWorkbookFile } from './edp-import-rules';

describe("the EDP's 'Importar desde Excel' file check", () => {
  it('sends a .xlsx whose base64 fits importEdp, and nothing else', () => {
    expect(MAX_WORKBOOK_FILE_BYTES).toBe(11_010_048);
    expect(refuseWorkbookFile({ name: 'EDP-HT.xlsx', size: 5000 })).toBeNull();
    expect(refuseWorkbookFile({ name: 'EDP-HT.XLSX', size: MAX_WORKBOOK_FILE_BYTES })).toBeNull();
    expect(refuseWorkbookFile({ name: 'EDP-HT.xls', size: 5000 })).toEqual({ kind: 'wrongType' });
    expect(refuseWorkbookFile({ name: 'EDP-HT.csv', size: 5000 })).toEqual({ kind: 'wrongType' });
    expect(refuseWorkbookFile({ name: 'EDP-HT.xlsx', size: 0 })).toEqual({ kind: 'empty' });
    expect(refuseWorkbookFile({ name: 'EDP-HT.xlsx', size: MAX_WORKBOOK_FILE_BYTES + 1 })).toEqual({
      kind: 'tooLarge',
      megabytes: '10,5',
    });
  });
});
