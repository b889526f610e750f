import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsWideScreen } from '@/hooks/use-is-wide-screen';
import { languages } from '@/lib/i18n/catalogue';
import { isLanguage } from '@/lib/i18n/i18n';
import { sidebarColorValues } from '@/lib/theme';
import { sidebarColors, sidebarTypes, useSettingsStore } from '@/lib/stores/settings-store';
import type { SidebarType } from '@/lib/stores/settings-store';

/** The configurator panel 'Configuración Dashboard' (product-spec.md §2 "Shell", §3 "Settings"). */
export function Configurator() {
  const { t } = useTranslation();
  const titleId = useId();
  const colorLabelId = useId();
  const typeLabelId = useId();
  const isWide = useIsWideScreen();
  const settings = useSettingsStore();

  function isTypeDisabled(type: SidebarType): boolean {
    return !isWide && type !== 'dark';
  }

  return (
    <Drawer
      anchor="right"
      open={settings.isConfiguratorOpen}
      onClose={() => settings.setConfiguratorOpen(false)}
      slotProps={{ paper: { sx: { width: 340, p: 3 }, role: 'dialog', 'aria-labelledby': titleId } }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <div>
          <Typography id={titleId} variant="h6" component="h2">
            {t('configurator.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('configurator.subtitle')}
          </Typography>
        </div>
        <IconButton aria-label={t('common.close')} onClick={() => settings.setConfiguratorOpen(false)}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider sx={{ my: 2 }} />

      <Typography id={colorLabelId} variant="subtitle2" component="h3" gutterBottom>
        {t('configurator.sidebarColor')}
      </Typography>
      <Stack direction="row" spacing={1} role="group" aria-labelledby={colorLabelId} sx={{ mb: 3 }}>
        {sidebarColors.map((color) => {
          const isSelected = settings.sidebarColor === color;
          return (
            <IconButton
              key={color}
              aria-label={t(`configurator.colors.${color}`)}
              aria-pressed={isSelected}
              onClick={() => settings.setSidebarColor(color)}
              sx={{
                width: 32,
                height: 32,
                background: sidebarColorValues[color].gradient,
                color: '#fff',
                border: 2,
                borderColor: isSelected ? 'text.primary' : 'transparent',
                '&:hover': { background: sidebarColorValues[color].gradient, opacity: 0.85 },
              }}
            >
              {isSelected && <CheckIcon sx={{ fontSize: 16 }} />}
            </IconButton>
          );
        })}
      </Stack>

      <Typography id={typeLabelId} variant="subtitle2" component="h3">
        {t('configurator.sidebarType')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {isWide ? t('configurator.sidebarTypeHint') : t('configurator.sidebarTypeNarrowHint')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        aria-labelledby={typeLabelId}
        value={settings.sidebarType}
        onChange={(_event, value: SidebarType | null) => {
          if (value) settings.setSidebarType(value);
        }}
        sx={{ mb: 3 }}
      >
        {sidebarTypes.map((type) => (
          <ToggleButton key={type} value={type} disabled={isTypeDisabled(type)}>
            {t(`configurator.sidebarTypes.${type}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      <FormGroup sx={{ gap: 1, mb: 3 }}>
        <FormControlLabel
          control={
            <Switch
              checked={settings.isNavbarFixed}
              onChange={(event) => settings.setNavbarFixed(event.target.checked)}
            />
          }
          label={t('configurator.fixedNavbar')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={settings.isSidebarMini}
              disabled={!isWide}
              onChange={(event) => settings.setSidebarMini(event.target.checked)}
            />
          }
          label={t('configurator.miniSidenav')}
        />
        <FormControlLabel
          control={
            <Switch checked={settings.isDarkMode} onChange={(event) => settings.setDarkMode(event.target.checked)} />
          }
          label={t('configurator.darkMode')}
        />
      </FormGroup>

      <Box>
        <TextField
          select
          fullWidth
          size="small"
          label={t('configurator.language')}
          value={settings.language}
          onChange={(event) => {
            if (isLanguage(event.target.value)) settings.setLanguage(event.target.value);
          }}
        >
          {languages.map((language) => (
            <MenuItem key={language} value={language} lang={language}>
              {t(`configurator.languages.${language}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Drawer>
  );
}
