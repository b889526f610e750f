import FoundationIcon from '@mui/icons-material/Foundation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import { sessionQueryOptions, signInWithEmail, signUpFirstAccount, startGoogleSignIn } from '@/lib/auth';
import { sidebarColorValues } from '@/lib/theme';
import { loginOptionsQueryOptions } from '../api/login-options';
import { seedCatalogues } from '../api/seed-catalogues';
import { authErrorMessage, googleErrorMessage, redirectErrorMessage } from '../utils/auth-error-message';
import type { FirstAccountValues } from './first-account-form';
import { GoogleSignInButton } from './google-sign-in-button';
import { SignInForm } from './sign-in-form';
import { AuthLayout } from './auth-layout';
import type { AuthLayoutVariant } from './auth-layout';

/**
 * What the screen is for: signing in (/login and the '/authentication/signin/…' pages), asking for an
 * account ('/authentication/signup/cover') or a forgotten password ('/authentication/reset/cover').
 * While no user exists every one of them offers the first administrator's form; otherwise sign-up and
 * reset give the advice to ask an administrator, since accounts are created by one and there is no
 * mail server (issue 19).
 */
export type LoginScreenPurpose = 'signIn' | 'signUp' | 'reset';

export type LoginScreenProps = {
  /** Opens the provider's page; the browser leaves the app. Replaceable in tests. */
  onRedirect?: (url: string) => void;
  purpose?: LoginScreenPurpose;
  /** the page's layout: the card alone, under a cover band, or beside an illustration */
  layout?: AuthLayoutVariant;
};

/**
 * The first administrator's form, wanted once per installation: loaded when the server says no user
 * exists, so /login's first download leaves out it and react-hook-form (issue 37).
 */
const FirstAccountForm = lazy(async () => ({ default: (await import('./first-account-form')).FirstAccountForm }));

function redirectBrowser(url: string): void {
  window.location.assign(url);
}

/** The sign-in screen (product-spec.md §2 "Sign-in screen"). */
export function LoginScreen({ onRedirect = redirectBrowser, purpose = 'signIn', layout = 'basic' }: LoginScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const options = useQuery(loginOptionsQueryOptions());

  const redirectCode = searchParams.get('error');
  const redirectError = redirectCode
    ? redirectErrorMessage(t, redirectCode, searchParams.get('error_description'))
    : null;
  const shownError = formError ?? redirectError;

  function clearErrors() {
    setFormError(null);
    if (redirectCode) setSearchParams({}, { replace: true });
  }

  /** The session watcher sends a signed-in user from /login to '/' (see app/routes/root.tsx). */
  async function enterApp() {
    queryClient.removeQueries({ queryKey: loginOptionsQueryOptions().queryKey });
    await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  }

  const signIn = useMutation({
    mutationFn: signInWithEmail,
    meta: { showErrorToast: false },
    onMutate: clearErrors,
    onSuccess: enterApp,
    onError: (error) => setFormError(authErrorMessage(t, error)),
  });

  const signUp = useMutation({
    mutationFn: ({ seedCatalogues: _seed, ...account }: FirstAccountValues) => signUpFirstAccount(account),
    meta: { showErrorToast: false },
    onMutate: clearErrors,
    onSuccess: async (_result, values) => {
      // the account stays created whatever happens here; a failed seed shows the error toast
      if (values.seedCatalogues) await seedStarter.mutateAsync().catch(() => undefined);
      await enterApp();
    },
    onError: (error) => {
      setFormError(authErrorMessage(t, error));
      // someone else may have created the first account meanwhile
      void options.refetch();
    },
  });

  const seedStarter = useMutation({ mutationFn: seedCatalogues, meta: { showGlobalSpinner: true } });

  const google = useMutation({
    mutationFn: startGoogleSignIn,
    meta: { showErrorToast: false },
    onMutate: clearErrors,
    onSuccess: (url) => {
      setIsRedirecting(true);
      onRedirect(url);
    },
    onError: (error) => {
      console.error('Google sign-in failed', error);
      setFormError(googleErrorMessage(t, error));
    },
  });

  const loading = (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );

  return (
    <AuthLayout variant={layout}>
      <Card component="main" sx={{ width: '100%', maxWidth: 420, overflow: 'visible', mx: 'auto' }}>
        <Box
          sx={{
            mx: 2,
            mt: -3,
            mb: 1,
            p: 3,
            borderRadius: 2,
            color: '#fff',
            textAlign: 'center',
            // white text: both stops give it at least 4.5:1 (the template's #66bb6a gave 2.4:1)
            background: sidebarColorValues.success.gradient,
            boxShadow: '0 4px 20px rgba(0, 0, 0, 0.14), 0 7px 10px -5px rgba(76, 175, 80, 0.4)',
          }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
            <FoundationIcon aria-hidden sx={{ fontSize: 36 }} />
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {t('app.name')}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('login.subtitle')}
          </Typography>
        </Box>
        <CardContent sx={{ p: 3 }}>
          <Stack spacing={2.5}>
            {shownError && (
              <Alert
                severity="error"
                variant="filled"
                onClose={clearErrors}
                slotProps={{ closeButton: { title: t('common.close') } }}
              >
                {shownError}
              </Alert>
            )}
            {options.isPending ? (
              loading
            ) : options.data?.needsFirstAccount ? (
              <Suspense fallback={loading}>
                <FirstAccountForm
                  isSubmitting={signUp.isPending || seedStarter.isPending}
                  onSubmit={(values) => signUp.mutate(values)}
                />
              </Suspense>
            ) : purpose !== 'signIn' ? (
              <Stack spacing={2} sx={{ textAlign: 'center', py: 1 }}>
                <Typography variant="h6" component="h2">
                  {t(purpose === 'signUp' ? 'authPages.signUpTitle' : 'authPages.resetTitle')}
                </Typography>
                <Typography>{t(purpose === 'signUp' ? 'authPages.askAdmin' : 'authPages.askAdminReset')}</Typography>
                <Button component={RouterLink} to="/login" variant="contained">
                  {t('authPages.goToSignIn')}
                </Button>
              </Stack>
            ) : (
              <>
                {options.data?.googleEnabled && (
                  <>
                    <GoogleSignInButton isLoading={google.isPending || isRedirecting} onClick={() => google.mutate()} />
                    <Divider>{t('login.or')}</Divider>
                  </>
                )}
                <SignInForm isSubmitting={signIn.isPending} onSubmit={(values) => signIn.mutate(values)} />
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
