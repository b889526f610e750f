import { exportEdpContract, formatNumber } from '@cimiento/domain';
import { edpWorkbook } from './workbooks';
import { loadProject } from '../projects/project-queries';
import { defineHandler } from '../core/define-handler';

/** The EDP as the workbook 'Exportar a Excel' downloads (Código, Nombre, Nivel; issue 16: Unidad, Cantidad, Precio unitario, Monto), built on the server. */
export const handleExportEdp = defineHandler(exportEdpContract, async ({ id }, { db }) => {
  const project = await loadProject(db, id);
  const file = await edpWorkbook(project.edp.items, project.code, project.currency);
  const count = project.edp.items.length;
  return { ...file, message: `EDP exportado a Excel: ${formatNumber(count)} ${count === 1 ? 'ítem' : 'ítems'}` };
});
