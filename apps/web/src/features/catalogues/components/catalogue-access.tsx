import { createContext, useContext } from 'react';

/**
 * Issue 36: the catalogues are the administrators' to change (the server refuses anyone else). A
 * catalogue screen says whether its user may write; its table, record modal and grids read it and
 * leave out what writes (add, 'Grabar', delete). True where no screen says (a modal tested alone).
 */
export const CatalogueWriteContext = createContext(true);

export function useCanWriteCatalogue(): boolean {
  return useContext(CatalogueWriteContext);
}
