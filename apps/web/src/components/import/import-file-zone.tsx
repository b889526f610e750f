import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, DragEvent } from 'react';
import { useRef, useState } from 'react';

export type ImportFileZoneProps = {
  /** The input's accept list ('.xml', '.xlsx'). */
  accept: string;
  /** What the zone says ('Arrastra aquí el archivo .xml de MS Project'). */
  hint: string;
  /** The picker button's text ('Elegir archivo'). */
  buttonLabel: string;
  /** The file input's accessible name. */
  inputLabel: string;
  disabled?: boolean;
  onFile: (file: File) => void;
};

/**
 * An import dialog's file picker and drop zone (issue 14): a file dropped on the zone or picked with
 * the button goes to `onFile`; the caller checks its kind and size. While a file is dragged over, the
 * zone is highlighted.
 */
export function ImportFileZone({
  accept,
  hint,
  buttonLabel,
  inputLabel,
  disabled = false,
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

  return (
    <Box
      data-testid="import-file-zone"
      onDragOver={handleDragOver}
      onDragLeave={() => setIsOver(false)}
      onDrop={handleDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        textAlign: 'center',
      }}
    >
      <UploadFileIcon color={isOver ? 'primary' : 'action'} fontSize="large" />
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
        {buttonLabel}
      </Button>
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
