import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMediaName, type MediaStorage } from './media-storage';

export interface CopySummary {
  copied: number;
  skipped: number;
  failed: number;
}

/**
 * `npm run media:to-s3`: copies every file of UPLOAD_DIR (originals, variants, demo images) into the bucket,
 * skipping those already there with the same size. Idempotent: run it again after an interruption. Hidden
 * folders (temporary files, the share-card cache) are left out: they are made again where needed.
 */
export async function copyUploadsToBucket(
  uploadDir: string,
  storage: Pick<MediaStorage, 'keep' | 'sizeOf'>,
  log: (line: string) => void,
): Promise<CopySummary> {
  const entries = await readdir(uploadDir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const names = entries.filter((e) => e.isFile() && isMediaName(e.name)).map((e) => e.name);
  const summary: CopySummary = { copied: 0, skipped: 0, failed: 0 };
  let done = 0;
  for (const name of names) {
    try {
      const { size } = await stat(path.join(uploadDir, name));
      if ((await storage.sizeOf(name)) === size) summary.skipped++;
      else {
        await storage.keep(name);
        summary.copied++;
      }
    } catch (err) {
      summary.failed++;
      log(`  could not copy ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (++done % 50 === 0 || done === names.length) log(`  ${done}/${names.length} files`);
  }
  return summary;
}
