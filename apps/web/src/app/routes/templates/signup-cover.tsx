import { LoginScreen } from '@/features/auth/components/login-screen';

/**
 * '/authentication/signup/cover' (issue 19): the first administrator's form while no user exists;
 * afterwards accounts are created by an administrator, which the page says.
 */
export function SignupCoverRoute() {
  return <LoginScreen purpose="signUp" layout="cover" />;
}
