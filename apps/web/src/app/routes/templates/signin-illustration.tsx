import { LoginScreen } from '@/features/auth/components/login-screen';

/** '/authentication/signin/illustration': the sign-in screen beside an illustration (issue 19). */
export function SigninIllustrationRoute() {
  return <LoginScreen layout="illustration" />;
}
