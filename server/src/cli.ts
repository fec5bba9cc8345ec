import { loadDotEnv, parseConfig } from './config';
import { backfillVariants } from './media/image-variants';
import { createLogger } from './lib/logger';
import { createDb } from './db/client';
import { openDatabase } from './db/database';
import { applyMigrations, createMigration } from './db/migrate';
import { seedDemoContent } from './seed/seed.service';
import { underStartupLock } from './db/startup-lock';
import { copyUploadsToBucket } from './storage/copy-to-bucket';
import { createMediaStorage } from './storage/media-storage';
import { ensureSuperAdmin } from './bootstrap/super-admin.service';

/**
 * `npm run db:migrate | db:migration -- <name> | db:seed | media:variants`, against DATABASE_URL or the
 * embedded database, and `npm run media:to-s3`, which needs no database.
 */
async function main() {
  loadDotEnv();
  const [command, ...rest] = process.argv.slice(2);
  const config = parseConfig();
  const logger = createLogger(config.logLevel);
  if (command === 'to-s3') {
    if (!config.s3) throw new Error('Set S3_BUCKET (with S3_ENDPOINT and the credentials for a server other than AWS) first');
    console.log(`Copying ${config.uploadDir} into s3://${config.s3.bucket}/${config.s3.prefix}`);
    const result = await copyUploadsToBucket(config.uploadDir, createMediaStorage(config, logger), (line) => console.log(line));
    console.log(`Media: ${result.copied} copied, ${result.skipped} already in the bucket, ${result.failed} failed.`);
    if (result.failed) process.exitCode = 1;
    return;
  }
  const database = await openDatabase(config, {});
  try {
    if (command === 'migrate') {
      // Under the lock the app's start-up takes: a migration Job beside starting replicas migrates once.
      const applied = await underStartupLock(database.url, () => applyMigrations(database.url));
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
    } else if (command === 'create') {
      // Migrations are made from the committed ones to the schema, through a throw-away shadow database.
      const name = rest.join(' ').trim();
      if (!name) throw new Error('Usage: npm run db:migration -- <name>');
      const dir = await createMigration(database.adminUrl, name);
      console.log(dir ? `Created ${dir}` : 'The schema matches the migrations: nothing to create.');
    } else if (command === 'seed') {
      const db = createDb(database.url);
      try {
        const seeded = await underStartupLock(database.url, async () => {
          await applyMigrations(database.url);
          await ensureSuperAdmin(db, config, logger);
          return seedDemoContent(db, config, logger, { force: rest.includes('--force'), storage: createMediaStorage(config, logger) });
        });
        console.log(
          seeded ? 'Demo content seeded.' : 'The database already has content; nothing seeded (use -- --force to add demo content anyway).',
        );
        // The variants of the demo images, here and now (a server would take their queued jobs otherwise).
        await backfillVariants({ db, config, logger, storage: createMediaStorage(config, logger) });
      } finally {
        await db.$disconnect();
      }
    } else if (command === 'variants') {
      // What the server's start-up does in the background, in the foreground (docs/decisions/023-image-variants.md).
      await applyMigrations(database.url);
      const db = createDb(database.url);
      try {
        const counts = await backfillVariants({ db, config, logger, storage: createMediaStorage(config, logger) });
        console.log(
          `Image variants: ${counts.made} image(s) done now, ${counts.skipped} skipped (see the log), ${counts.missing} file(s) missing, ${counts.failed} failed.`,
        );
        if (counts.failed) process.exitCode = 1;
      } finally {
        await db.$disconnect();
      }
    } else {
      throw new Error(`Unknown command "${command ?? ''}": use migrate, create <name>, seed, variants or to-s3`);
    }
  } finally {
    await database.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
