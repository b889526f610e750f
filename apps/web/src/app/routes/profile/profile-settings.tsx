import { ProfileSettings } from '@/features/profile/components/profile-settings';

export function ProfileSettingsRoute() {
  return <ProfileSettings />;
}
