import { LoginScreen } from '@/features/auth/components/login-screen';

/** '/authentication/signin/cover': the sign-in screen under a cover band (issue 19). */
export function SigninCoverRoute() {
  return <LoginScreen layout="cover" />;
}
