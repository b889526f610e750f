import Dialog from '@mui/material/Dialog';
import type { ReactNode, RefObject } from 'react';
import { createContext, useId, useRef } from 'react';

/** What the window shares with the dialog inside it: the title's id, and whether the flow is busy. */
export type ImportWindowContextValue = { titleId: string; busy: RefObject<boolean> };

export const ImportWindowContext = createContext<ImportWindowContextValue | null>(null);

/** What a screen gives the import it opens and closes. */
export type ImportWindowProps = {
  isOpen: boolean;
  onClose: () => void;
};

type ImportWindowOwnProps = ImportWindowProps & {
  /** The import dialog (layout 'steps'); mounted afresh on every opening, as the window drops it once closed. */
  children: ReactNode;
};

/**
 * The window of an import opened and closed by its screen (the Gantt's, the progress', the UF
 * values'): Escape and the backdrop close it, except while a file is read, checked or imported.
 */
export function ImportWindow({ isOpen, onClose, children }: ImportWindowOwnProps) {
  const busy = useRef(false);
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={() => {
        if (!busy.current) onClose();
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <ImportWindowContext.Provider value={{ titleId, busy }}>{children}</ImportWindowContext.Provider>
    </Dialog>
  );
}
