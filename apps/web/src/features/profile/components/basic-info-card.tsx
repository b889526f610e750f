import { saveProfileInputSchema } from '@cimiento/domain';
import type { Profile, SaveProfileInput } from '@cimiento/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField, NameField } from '@/components/account/account-fields';
import { muiField } from '@/lib/forms';
import { useSaveProfile } from '../api/save-profile';
import { profileSectionIds } from './profile-side-nav';

function formValuesOf(profile: Profile): SaveProfileInput {
  return {
    jobTitle: profile.jobTitle,
    birthday: profile.birthday,
    location: profile.location,
    phoneNumber: profile.phoneNumber,
  };
}

/** 'Información básica': name and email read-only; job title, birthday, location and phone editable. */
export function BasicInfoCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const saveProfile = useSaveProfile();
  const { register, handleSubmit, formState } = useForm<SaveProfileInput>({
    values: formValuesOf(profile),
    resolver: zodResolver(saveProfileInputSchema),
  });
  const { errors } = formState;

  return (
    <Card id={profileSectionIds.basicInfo} tabIndex={-1} component="section" aria-labelledby="basic-info-title">
      <CardContent>
        <Typography id="basic-info-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('profile.basicInfoTitle')}
        </Typography>
        <Stack
          component="form"
          noValidate
          onSubmit={(event) => void handleSubmit((values) => saveProfile.mutate(values))(event)}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <NameField id="profile-name-field" label={t('profile.name')} readOnlyValue={profile.displayName} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <EmailField id="profile-email-field" label={t('profile.email')} readOnlyValue={profile.email} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id="profile-job-title-field"
                label={t('profile.jobTitle')}
                autoComplete="organization-title"
                fullWidth
                error={Boolean(errors.jobTitle)}
                helperText={errors.jobTitle?.message}
                {...muiField(register('jobTitle'))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id="profile-birthday-field"
                label={t('profile.birthday')}
                type="date"
                autoComplete="bday"
                fullWidth
                error={Boolean(errors.birthday)}
                helperText={errors.birthday?.message}
                slotProps={{ inputLabel: { shrink: true } }}
                {...muiField(register('birthday'))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id="profile-location-field"
                label={t('profile.location')}
                autoComplete="address-level2"
                fullWidth
                error={Boolean(errors.location)}
                helperText={errors.location?.message}
                {...muiField(register('location'))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id="profile-phone-field"
                label={t('profile.phoneNumber')}
                type="tel"
                autoComplete="tel"
                fullWidth
                error={Boolean(errors.phoneNumber)}
                helperText={errors.phoneNumber?.message}
                {...muiField(register('phoneNumber'))}
              />
            </Grid>
          </Grid>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
            <Button type="submit" variant="contained" color="success" loading={saveProfile.isPending}>
              {t('profile.update')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
