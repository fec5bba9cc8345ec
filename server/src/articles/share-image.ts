import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { accentShades } from '#shared/colors';
import { brandParts } from '#shared/schemas/settings';
import type { AppContext } from '../context';
import { MAX_INPUT_PIXELS } from '../media/image-variants';
import { uploadFileOnDisk } from '../media/media-files';

/** Open Graph preview size (docs/spec/SPEC.md §9). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export interface ShareImageSource {
  id: string;
  title: string;
  section: string;
  imageUrl: string | null;
  updatedAt: Date;
  media: { type: string; fileUrl: string }[];
}

/** What the branded card takes from the site settings: its name and accent colour. */
export interface ShareBrand {
  name: string;
  accentColor: string;
}

/** Rendered previews live in a hidden folder of the uploads folder (never served: dotfiles are denied). */
const cacheDir = (ctx: Pick<AppContext, 'config'>) => path.join(ctx.config.uploadDir, '.cache', 'share');

/** The first uploaded image of the article: its first image media, else its cover image if uploaded here (fetched from the bucket when this replica lacks it). */
async function localSourceImage(ctx: AppContext, article: ShareImageSource): Promise<string | undefined> {
  const candidates = [...article.media.filter((m) => m.type === 'image').map((m) => m.fileUrl), article.imageUrl];
  for (const candidate of candidates) {
    const file = candidate ? uploadFileOnDisk(ctx, candidate) : undefined;
    if (!file) continue;
    if (existsSync(file)) return file;
    const fetched = await ctx.storage.fetch(path.basename(file)).catch((err: unknown) => {
      ctx.logger.warn({ err, file }, 'could not fetch an image from the bucket for a share card');
      return undefined;
    });
    if (fetched) return fetched;
  }
  return undefined;
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const clip = (s: string, max: number) =>
  Array.from(s).length <= max
    ? s
    : `${Array.from(s)
        .slice(0, max - 1)
        .join('')}…`;

/** Greedy word wrap into at most `maxLines` lines, the last one ending in an ellipsis when text was cut. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (!line || Array.from(next).length <= perLine) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const shown = lines.slice(0, maxLines).map((l) => clip(l, perLine));
  if (lines.length > maxLines) shown[maxLines - 1] = clip(`${shown[maxLines - 1]}…`, perLine);
  return shown;
}

/**
 * The branded card used when the article has no image of its own: the site's name (its last word, the brand's accent,
 * in the accent's shade that reads on the dark card), the headline and the section.
 */
function brandedSvg(title: string, section: string, brand: ShareBrand): string {
  const { width, height } = SHARE_IMAGE;
  const lines = wrap(title, 28, 4);
  const text = lines.map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : 70}">${xml(l)}</tspan>`).join('');
  const accent = accentShades(brand.accentColor).onDark;
  const { lead, accent: last } = brandParts(clip(brand.name, 40));
  const name = last ? `${xml(lead)} <tspan fill="${accent}">${xml(last)}</tspan>` : xml(lead);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e293b"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect x="80" y="70" width="12" height="48" fill="${accent}"/>
  <text x="108" y="108" font-family="DejaVu Serif, Georgia, serif" font-size="40" font-weight="700" fill="#ffffff">${name}</text>
  <text x="80" y="${height - 70}" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="${accent}" letter-spacing="2">${xml(section.toUpperCase())}</text>
  <text x="80" y="${250 - (lines.length - 1) * 20}" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff">${text}</text>
</svg>`;
}

async function render(ctx: AppContext, article: ShareImageSource, brand: ShareBrand): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const source = await localSourceImage(ctx, article);
  if (source) {
    try {
      return await sharp(source, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(width, height, { fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch (err) {
      // An unreadable upload must not break sharing: fall back to the branded card.
      ctx.logger.warn({ err, articleId: article.id }, 'share image: could not render the article image');
    }
  }
  return sharp(Buffer.from(brandedSvg(article.title, article.section, brand)))
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/**
 * The 1200x630 JPEG preview of an article, rendered once per version of the article (id + updatedAt) and of the brand
 * (a digest of the site's name and accent) and kept on disk; older ones are deleted when a new one is rendered.
 */
export async function shareImage(ctx: AppContext, article: ShareImageSource, brand: ShareBrand): Promise<Buffer> {
  const dir = cacheDir(ctx);
  const brandKey = createHash('sha256')
    .update(JSON.stringify([brand.name, brand.accentColor]))
    .digest('hex')
    .slice(0, 12);
  const file = path.join(dir, `${article.id}-${article.updatedAt.getTime()}-${brandKey}.jpg`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return cached;
  const jpeg = await render(ctx, article, brand);
  await mkdir(dir, { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, jpeg);
  await rename(temp, file);
  await removeShareImages(ctx, article.id, path.basename(file));
  return jpeg;
}

/** Deletes the cached previews of an article (all of them, or all but `keep`). */
export async function removeShareImages(ctx: Pick<AppContext, 'config'>, articleId: string, keep?: string): Promise<void> {
  const dir = cacheDir(ctx);
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((n) => n.startsWith(`${articleId}-`) && n.endsWith('.jpg') && n !== keep)
      .map((n) => rm(path.join(dir, n), { force: true })),
  );
}
