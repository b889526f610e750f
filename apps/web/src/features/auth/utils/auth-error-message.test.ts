import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-error-message';
import { AuthError } from '@/lib/auth';
import { initI18n } from '@/lib/i18n/i18n';

const t = initI18n('es-CL').getFixedT('es-CL') as TFunction;

describe('authErrorMessage', () => {
  it('uses the catalogue for the codes it knows, whatever the server says', () => {
    expect(
      authErrorMessage(t, new AuthError('INVALID_EMAIL_OR_PASSWORD', 401, 'Correo o contraseña no válidos.')),
    ).toBe('Correo o contraseña incorrectos');
  });

  it("shows the server's Spanish text for a code the catalogue does not know", () => {
    const message =
      'La solicitud llegó desde otro sitio y fue rechazada: abre Cimiento en https://x.cl e inténtalo desde ahí.';
    expect(authErrorMessage(t, new AuthError('PERMISSION_DENIED', 403, message))).toBe(message);
  });

  it('falls back to the generic text when there is no message', () => {
    expect(authErrorMessage(t, new AuthError('HTTP_502', 502, ''))).toBe('No se pudo ingresar. Inténtalo de nuevo.');
    expect(authErrorMessage(t, new Error('x'))).toBe('No se pudo ingresar. Inténtalo de nuevo.');
  });
});
