/**
 * The prefilled e-mail that hands a new user the generated password (spec: offered only while the
 * user has not changed it). The portal link is wherever this app is being served from.
 */
import type { UserView } from '../../../shared/contracts/users';

export const CREDENTIALS_SUBJECT = 'Your Audit Letter Program account';

export function credentialsMailto(user: Pick<UserView, 'username' | 'real_name' | 'email'>, password: string, portal: string): string {
  const body = [
    `Hello ${user.real_name || user.username},`,
    '',
    'Welcome to the Audit Letter Program! An account has been created for you.',
    '',
    `Portal: ${portal}`,
    `Username: ${user.username}`,
    `Password: ${password}`,
    '',
    'For your security, please log in and change this password from your Profile page.',
  ].join('\n');
  return `mailto:${encodeURIComponent(user.email)}?subject=${encodeURIComponent(CREDENTIALS_SUBJECT)}&body=${encodeURIComponent(body)}`;
}
