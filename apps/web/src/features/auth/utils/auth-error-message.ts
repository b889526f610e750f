import type { TFunction } from 'i18next';
import { FIRST_ACCOUNT_MIN_PASSWORD_LENGTH as MIN_PASSWORD_LENGTH } from '@/lib/password-rules';
import { AuthError } from '@/lib/auth';

/** The catalogue's words for an auth refusal code (better-auth's codes and ours). */
function messageForCode(t: TFunction, code: string): string | undefined {
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return t('login.errors.invalidCredentials');
    case 'BANNED_USER':
      return t('login.errors.disabled');
    case 'TOO_MANY_ATTEMPTS':
    case 'TOO_MANY_REQUESTS':
      return t('login.errors.tooManyAttempts');
    case 'SIGN_UP_CLOSED':
      return t('login.errors.signUpClosed');
    case 'DOMAIN_NOT_ALLOWED':
      return t('login.errors.domainNotAllowed');
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return t('login.errors.userExists');
    case 'INVALID_EMAIL':
      return t('login.errors.invalidEmail');
    case 'PASSWORD_TOO_SHORT':
      return t('login.errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
    case 'NETWORK_ERROR':
      return t('errors.network');
    default:
      return undefined;
  }
}

/** The red alert's text for a failed sign-in or sign-up. */
export function authErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof AuthError) {
    const known = messageForCode(t, error.code);
    if (known) return known;
    if (error.status === 429) return t('login.errors.tooManyAttempts');
    // the server answers every auth refusal in Spanish, mapped by its code (auth-messages.ts):
    // a code this catalogue does not know still reads as the server says it
    if (error.message.trim() !== '') return error.message;
  }
  return t('login.errors.generic');
}

/** The red alert's text when Google sign-in could not even start (provider unreachable, …). */
export function googleErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof AuthError)
    return messageForCode(t, error.code) ?? t('login.errors.google', { code: error.code });
  return t('login.errors.generic');
}

/**
 * The red alert's text when the server sends the browser back to /login?error=CODE&error_description=…
 * after a refused Google sign-in: the server's description when it gives one.
 */
export function redirectErrorMessage(t: TFunction, code: string, description: string | null): string {
  if (description && description.trim() !== '') return description;
  return messageForCode(t, code) ?? t('login.errors.google', { code });
}
