import { exportEstadoPagoContract } from '@cimiento/domain';
import type { Currency } from '@cimiento/domain';
import { estadoPagoFileName, estadoPagoTitle } from './estado-pago-layout';
import { PDF_MIME_TYPE, estadoPagoPdf } from './estado-pago-pdf';
import { estadoPagoWorkbook } from './estado-pago-xlsx';
import { XLSX_MIME_TYPE } from './workbooks';
import { readEstadoPago } from '../costs/estado-pago-read';
import { defineHandler } from '../core/define-handler';
import { HttpsError } from '../core/https-error';

/**
 * exportEstadoPago {id, number, format} (issue 16): EP N°`number` as stored — a draft as last
 * computed, an approved one as frozen — laid out as a Chilean EP, in Excel ('xlsx') or PDF, named
 * 'EP-<code>-N<number>.xlsx'. Unknown project or EP → NOT_FOUND. Reads only.
 */
export const handleExportEstadoPago = defineHandler(
  exportEstadoPagoContract,
  async ({ id, number, format }, { db }) => {
    const row = await db
      .selectFrom('project')
      .select(['name', 'code', 'currency'])
      .where('_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new HttpsError('NOT_FOUND', 'Proyecto no encontrado');
    const project = { name: row.name, code: row.code, currency: row.currency as Currency };
    const ep = await readEstadoPago(db, id, number);
    const bytes = format === 'pdf' ? await estadoPagoPdf(ep, project) : await estadoPagoWorkbook(ep, project);
    return {
      fileName: estadoPagoFileName(project.code, ep.number, format),
      mimeType: format === 'pdf' ? PDF_MIME_TYPE : XLSX_MIME_TYPE,
      content: bytes.toString('base64'),
      message: `${estadoPagoTitle(ep)} exportado a ${format === 'pdf' ? 'PDF' : 'Excel'}`,
    };
  },
);
