import BadgeIcon from '@mui/icons-material/Badge';
import PersonIcon from '@mui/icons-material/Person';
import SecurityIcon from '@mui/icons-material/Security';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const profileSectionIds = {
  profile: 'perfil',
  basicInfo: 'informacion-basica',
  twoFactor: 'dos-factores',
} as const;

function SectionLink({ sectionId, label, icon }: { sectionId: string; label: string; icon: ReactNode }) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    const section = document.getElementById(sectionId);
    if (!section) return;
    // scroll without touching the router's location
    event.preventDefault();
    section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  }
  return (
    <ListItem disablePadding>
      <ListItemButton component="a" href={`#${sectionId}`} onClick={handleClick} sx={{ borderRadius: 1.5 }}>
        <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}

/** The side links 'Perfil', 'Información básica' and '2FA', anchors to the sections. */
export function ProfileSideNav() {
  const { t } = useTranslation();
  return (
    <Card component="nav" aria-label={t('profile.sectionsLabel')} sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
      <List sx={{ p: 1 }}>
        <SectionLink sectionId={profileSectionIds.profile} label={t('profile.profileSection')} icon={<PersonIcon />} />
        <SectionLink
          sectionId={profileSectionIds.basicInfo}
          label={t('profile.basicInfoSection')}
          icon={<BadgeIcon />}
        />
        <SectionLink
          sectionId={profileSectionIds.twoFactor}
          label={t('profile.twoFactorSection')}
          icon={<SecurityIcon />}
        />
      </List>
    </Card>
  );
}
