import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { hashPassword, randomPassword, SERVER } from '../lib/passwords';

/**
 * Creates the first super-admin from SUPERADMIN_* when the database has none. Without
 * SUPERADMIN_PASSWORD a random password is generated and printed once, here and never again.
 */
export async function ensureSuperAdmin(db: Db, config: Config, logger: Logger): Promise<void> {
  const existing = await db.user.count({ where: { role: 'super_admin' } });
  if (existing > 0) return;
  const { email, name } = config.superAdmin;
  const password = config.superAdmin.password ?? randomPassword();
  const passwordHash = await hashPassword(password, SERVER);
  const user = await db.user.upsert({
    where: { email },
    // The operator named this address in the configuration: it counts as verified.
    create: { email, name, passwordHash, role: 'super_admin', emailVerifiedAt: new Date() },
    update: { role: 'super_admin', suspended: false, passwordHash, emailVerifiedAt: new Date() },
  });
  logger.info({ userId: user.id, email }, 'super-admin created');
  if (!config.superAdmin.password) {
    const line = '='.repeat(72);
    console.log(
      `\n${line}\n  First super-admin created\n  e-mail:   ${email}\n  password: ${password}\n  This password is shown only once. Sign in at ${config.publicUrl}/auth and keep it safe.\n${line}\n`,
    );
  }
}
