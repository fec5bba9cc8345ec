import type { MediaItem } from '#shared/types';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { notFound } from '../lib/errors';
import { removeUnusedFiles, type StoredFile } from '../media/media-files';
import type { AuthUser } from '../lib/policy';
import { loadImages, toMediaItem } from './article.mapper';
import { NEXT_VERSION } from './article-records';
import { findEditable, findReadable } from './articles.repository';
import { saveRevision } from './revisions.service';

/** An article's media: its images and videos, listed, added and removed. */

export async function listMedia(db: Db, id: string, user: AuthUser | undefined): Promise<MediaItem[]> {
  const row = await findReadable(db, id, user);
  const images = await loadImages(db, [row]);
  return row.media.map((m) => toMediaItem(m, images));
}

/** Checks the caller may add media to the article (before the file is stored). */
export async function requireEditableArticle(db: Db, id: string, user: AuthUser): Promise<void> {
  await findEditable(db, id, user);
}

/** Records a stored file as media of the article; the file is removed again if that fails. */
export async function addMedia(ctx: AppContext, editorId: string, id: string, file: StoredFile): Promise<MediaItem> {
  try {
    return await ctx.db.$transaction(async (tx) => {
      const media = await tx.media.create({
        data: { articleId: id, type: file.type, fileUrl: file.path },
        select: { id: true, type: true, fileUrl: true },
      });
      // The article changed: its caches (share preview, ETags) must follow.
      await tx.article.update({ where: { id }, data: NEXT_VERSION });
      await saveRevision(tx, id, editorId);
      // A new file: its variants are made after this answer.
      return toMediaItem(media, new Map());
    });
  } catch (err) {
    await removeUnusedFiles(ctx, [file.path]);
    throw err;
  }
}

export async function deleteMedia(ctx: AppContext, user: AuthUser, id: string, mediaId: string): Promise<void> {
  await findEditable(ctx.db, id, user);
  const fileUrl = await ctx.db.$transaction(async (tx) => {
    const media = await tx.media.findFirst({ where: { id: mediaId, articleId: id }, select: { fileUrl: true } });
    if (!media) throw notFound('Media not found');
    await tx.media.delete({ where: { id: mediaId } });
    await tx.article.update({ where: { id }, data: NEXT_VERSION });
    await saveRevision(tx, id, user.id);
    return media.fileUrl;
  });
  await removeUnusedFiles(ctx, [fileUrl]);
}
