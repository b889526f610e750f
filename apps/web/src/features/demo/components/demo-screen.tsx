import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The label every demo screen starts with: a 'Demostración' chip and what it means. */
export function DemoNotice({ lang, children }: { lang?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      lang={lang}
      severity="info"
      icon={false}
      data-testid="demo-notice"
      sx={{ mb: 3, alignItems: 'center', '& .MuiAlert-message': { width: '100%' } }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Chip
          label={t('demo.badge')}
          size="small"
          // white on a fixed deep blue (7.9:1): the theme's info.dark is lighter in dark mode (3.97:1)
          sx={{ fontWeight: 700, alignSelf: 'flex-start', bgcolor: '#01579b', color: '#ffffff' }}
        />
        <Typography variant="body2" dir={lang === undefined ? undefined : 'auto'}>
          {children ?? t('demo.notice')}
        </Typography>
      </Stack>
    </Alert>
  );
}

export type DemoScreenProps = {
  title: string;
  actions?: ReactNode;
  /** The demo label's text, when the screen says more than the usual line. */
  notice?: string;
  /** The language of the heading and the label when the document's is another (the Arabic demo). */
  uiLang?: string;
  children: ReactNode;
};

/** A template demo screen: its heading, the demo label, then its sample content. */
export function DemoScreen({ title, actions, notice, uiLang, children }: DemoScreenProps) {
  return (
    <Stack component="section" aria-labelledby="page-title" spacing={0}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 2 }}
      >
        <Typography
          id="page-title"
          variant="h5"
          component="h1"
          lang={uiLang}
          dir={uiLang === undefined ? undefined : 'auto'}
        >
          {title}
        </Typography>
        {actions}
      </Stack>
      <DemoNotice lang={uiLang}>{notice}</DemoNotice>
      {children}
    </Stack>
  );
}
