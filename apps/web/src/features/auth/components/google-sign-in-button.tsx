import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export type GoogleSignInButtonProps = { isLoading: boolean; onClick: () => void };

/** 'Ingresa con Google', with a spinner while the sign-in is under way. */
export function GoogleSignInButton({ isLoading, onClick }: GoogleSignInButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      startIcon={<GoogleIcon />}
      loading={isLoading}
      loadingPosition="start"
      onClick={onClick}
    >
      {t('login.google')}
    </Button>
  );
}
