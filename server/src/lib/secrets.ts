import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The secret kept in DATA_DIR/`name`, generated once (mode 0600: only the account that runs Chronicle
 * reads it). A file that is too short is replaced.
 */
export function resolveSecret(dataDir: string, name: string, minLength = 32): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= minLength) {
      // Copied or restored files often come back world-readable.
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
      return secret;
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(Math.max(32, minLength)).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return configured ?? resolveSecret(dataDir, 'jwt-secret');
}
