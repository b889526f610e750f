/**
 * The shortest password the server accepts (MIN_PASSWORD_LENGTH in packages/domain). Repeated here
 * because importing the domain's contracts would bring zod into /login's chunk; a unit test keeps
 * the two equal.
 */
export const FIRST_ACCOUNT_MIN_PASSWORD_LENGTH = 8;
