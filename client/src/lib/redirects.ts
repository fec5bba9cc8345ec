import { paths } from '../config/paths';
import { isStaffRole } from './session';

/** Only a path on this site (not `//evil.example`) may be returned to. */
const isLocalPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith(paths.auth);

/**
 * Where a logged-in user goes from /auth (docs/spec/SPEC.md §2): staff to /dashboard; a reader to /, or back to
 * the article they were reading when they chose 'Login to Comment'.
 */
export function landingFor(role: string | undefined, from?: unknown): string {
  if (isStaffRole(role)) return paths.dashboard;
  return isLocalPath(from) ? from : paths.home;
}
