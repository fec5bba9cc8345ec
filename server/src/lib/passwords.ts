import bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';

/** CONTRACT.md §5: bcrypt with cost 12 or more. */
export const BCRYPT_COST = 12;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/** A random password that satisfies the sign-up rule (upper, lower, digit, special). */
export function randomPassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1!`;
}
