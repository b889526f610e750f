import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResetCoverRoute } from '@/app/routes/templates/reset-cover';
import { SigninCoverRoute } from '@/app/routes/templates/signin-cover';
import { SigninIllustrationRoute } from '@/app/routes/templates/signin-illustration';
import { SignupCoverRoute } from '@/app/routes/templates/signup-cover';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { GlobalSpinner } from '@/components/ui/global-spinner';
import { jsonResponse, renderWithApp } from '@/testing/test-utils';
import { esCLFirst } from '@/lib/i18n/es-cl-first';
import { esCLRest } from '@/lib/i18n/es-cl-rest';
import { addTexts, i18next } from '@/lib/i18n/i18n';

// issue 37: /login's first chunk carries es-cl-first.ts only; the rest comes with the first signed-in
// screen. Every text the signed-out pages show must be in that first part, or they would show keys.
const missing: string[] = [];
function onMissing(_languages: readonly string[], _namespace: string, key: string) {
  missing.push(key);
}

beforeAll(() => {
  i18next.removeResourceBundle('es-CL', 'translation');
  addTexts(esCLFirst);
  i18next.options.saveMissing = true;
  i18next.on('missingKey', onMissing);
});

afterAll(() => {
  i18next.off('missingKey', onMissing);
  i18next.options.saveMissing = false;
  addTexts(esCLRest);
});

function serveLoginOptions(needsFirstAccount: boolean, googleEnabled: boolean) {
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/api/login-options') return jsonResponse(200, { needsFirstAccount, googleEnabled });
    return jsonResponse(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  });
}

async function submitEmpty(buttonName: string) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }));
}

describe("the signed-out pages' texts are all in the first part of the catalogue", () => {
  it('reads the texts it is missing as missing (the check works)', () => {
    expect(i18next.t('nav.home' as never)).toBe('nav.home');
    expect(missing).toContain('nav.home');
    missing.length = 0;
  });

  it('/login: the sign-in form, its errors and Google', async () => {
    serveLoginOptions(false, true);
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    await submitEmpty('Ingresar');
    expect(await screen.findByText('Ingresa a Cimiento con tu cuenta')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it("/login on a new installation: the administrator's account form and its errors", async () => {
    serveLoginOptions(true, false);
    renderWithApp(<LoginScreen />, { path: '/login', session: null });
    await submitEmpty('Crear cuenta de administrador');
    expect(screen.getByText('Cargar catálogos de ejemplo')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it("the spec's sign-in pages and the loading spinner", async () => {
    serveLoginOptions(false, false);
    const pages: [string, ReactElement][] = [
      ['/authentication/signin/cover', <SigninCoverRoute key="a" />],
      ['/authentication/signin/illustration', <SigninIllustrationRoute key="b" />],
      ['/authentication/reset/cover', <ResetCoverRoute key="c" />],
      ['/authentication/signup/cover', <SignupCoverRoute key="d" />],
    ];
    for (const [path, page] of pages) {
      const { unmount } = renderWithApp(page, { path, session: null });
      expect(await screen.findAllByRole('heading')).not.toHaveLength(0);
      unmount();
    }
    renderWithApp(<GlobalSpinner isOpen />, { path: '/login', session: null });
    expect(missing).toEqual([]);
  });
});
