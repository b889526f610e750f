import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, DragEvent, KeyboardEvent } from 'react';
import { useRef, useState } from 'react';

export type ImportFileZoneProps = {
  /** The input's accept list ('.xml', '.xlsx'). */
  accept: string;
  /** What the zone says ('Arrastra aquí el archivo .xml de MS Project'). */
  hint: string;
  /** The picker button's text ('Elegir archivo'); without it the whole zone is the button (the Gantt's). */
  buttonLabel?: string;
  /** The file input's accessible name. */
  inputLabel: string;
  disabled?: boolean;
  testId?: string;
  onFile: (file: File) => void;
};

const zoneSx = {
  border: 2,
  borderStyle: 'dashed',
  textAlign: 'center',
} as const;

/** The zone with its own button: a column, the icon lit while a file is dragged over. */
const columnSx = {
  ...zoneSx,
  borderRadius: 1,
  p: 3,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 1.5,
};

/** The zone that is itself the button (click, Enter or Space open the picker). */
const buttonSx = {
  ...zoneSx,
  borderRadius: 2,
  p: 4,
  cursor: 'pointer',
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
};

/**
 * An import dialog's file picker and drop zone (issue 14): a file dropped on the zone or picked with
 * the button goes to `onFile`; the caller checks its kind and size. While a file is dragged over, the
 * zone is highlighted. Without a button label the zone itself is the button, as in the Gantt's
 * 'Importar desde Excel'.
 */
export function ImportFileZone({
  accept,
  hint,
  buttonLabel,
  inputLabel,
  disabled = false,
  testId = 'import-file-zone',
  onFile,
}: ImportFileZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setIsOver(true);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // the same file picked again must fire a change too
    event.target.value = '';
    if (file) onFile(file);
  }

  const isButton = buttonLabel === undefined;
  const openPicker = () => input.current?.click();
  const buttonProps = {
    role: 'button',
    tabIndex: 0,
    onClick: openPicker,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      openPicker();
    },
  };

  return (
    <Box
      data-testid={testId}
      {...(isButton ? buttonProps : {})}
      onDragOver={handleDragOver}
      onDragLeave={() => setIsOver(false)}
      onDrop={handleDrop}
      sx={{
        ...(isButton ? buttonSx : columnSx),
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'transparent',
      }}
    >
      {isButton ? (
        <>
          <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
          <Typography>{hint}</Typography>
        </>
      ) : (
        <>
          <UploadFileIcon color={isOver ? 'primary' : 'action'} fontSize="large" />
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
          <Button variant="outlined" disabled={disabled} onClick={openPicker}>
            {buttonLabel}
          </Button>
        </>
      )}
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={inputLabel}
        disabled={disabled}
        hidden
        onChange={handleChange}
      />
    </Box>
  );
}
