import { TemplateDemoRoute } from '../template-demo';

/** '/authentication/signin/cover' (issue 19 scaffold: its lane replaces this screen). */
export function SigninCoverRoute() {
  return <TemplateDemoRoute />;
}
