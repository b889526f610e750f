import { TemplateDemoRoute } from '../template-demo';

/** '/authentication/signin/illustration' (issue 19 scaffold: its lane replaces this screen). */
export function SigninIllustrationRoute() {
  return <TemplateDemoRoute />;
}
