import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectImportDialog } from './project-import-dialog';

/** 'Importar programa (MS Project o Primavera P6)' and its dialog, for screens outside the project list (the dashboard's empty state). */
export function ProjectImportButton() {
  const { t } = useTranslation();
  const [isImporting, setIsImporting] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setIsImporting(true)}>
        {t('projectImport.open')}
      </Button>
      {isImporting && <ProjectImportDialog onClose={() => setIsImporting(false)} />}
    </>
  );
}
