import { LoginScreen } from '@/features/auth/components/login-screen';

/**
 * '/authentication/reset/cover' (issue 19): with no mail server, a forgotten password is reset by an
 * administrator, which the page says.
 */
export function ResetCoverRoute() {
  return <LoginScreen purpose="reset" layout="cover" />;
}
