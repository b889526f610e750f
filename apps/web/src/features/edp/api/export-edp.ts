import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';
import { base64ToBlob } from '@/lib/file-reading';
import { notifyMessage } from '@/lib/stores/notices-store';

/**
 * 'Exportar a Excel' (exportEdp, issue 14): the server builds the workbook of the saved EDP (Código,
 * Nombre, Nivel, with Excel's outline levels) and answers it in base64; the browser downloads it
 * under the server's file name. A failure shows the error toast.
 */
export function useExportEdp() {
  return useMutation({
    mutationFn: async (projectId: string) => {
      const file = await call('exportEdp', { id: projectId });
      downloadBlob(base64ToBlob(file.content, file.mimeType), file.fileName);
      return file;
    },
    onSuccess: (file) => notifyMessage(file.message),
  });
}
