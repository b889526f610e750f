import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        px: 3,
        py: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'space-between',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">{t('footer.copyright', { year: new Date().getFullYear() })}</Typography>
      <Typography variant="body2">{t('footer.tagline')}</Typography>
    </Box>
  );
}
