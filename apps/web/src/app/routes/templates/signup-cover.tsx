import { TemplateDemoRoute } from '../template-demo';

/** '/authentication/signup/cover' (issue 19 scaffold: its lane replaces this screen). */
export function SignupCoverRoute() {
  return <TemplateDemoRoute />;
}
