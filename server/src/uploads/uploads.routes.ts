import { Router } from 'express';
import { uploadedFileSchema } from '#shared/schemas/responses/uploads';
import type { AppContext } from '../context';
import { queueVariantsOrLog } from '../media/image-variants';
import { limitUploads, receiveFile, requireFile, storeFile } from '../media/media-files';
import { requirePermission } from '../lib/policy';
import { none, resourceRouter } from '../lib/route';

export function uploadsRouter(ctx: AppContext): Router {
  const { router, route } = resourceRouter('/uploads');

  route(
    {
      method: 'post',
      path: '/',
      summary: 'Upload an image or a video (for article bodies and cover images)',
      guard: requirePermission('uploads:create'),
      file: 'file',
      before: [limitUploads(ctx), receiveFile(ctx, 'file')],
      status: 201,
      returns: uploadedFileSchema,
      errors: {
        413: 'the file is larger than MAX_IMAGE_MB / MAX_VIDEO_MB',
        415: 'not a JPEG, PNG, WebP, GIF or AVIF image nor an MP4 or WebM video (judged by its bytes)',
        429: 'too many uploads in the last hour, or the daily upload quota (UPLOAD_QUOTA_MB) is used up',
      },
      purges: none,
    },
    async ({ user }, req) => {
      const stored = await storeFile(ctx, requireFile(req, 'file'), user.id);
      // Resized copies are made by a background job: the answer does not wait for them.
      if (stored.type === 'image') await queueVariantsOrLog(ctx, stored.path);
      return { success: true, path: stored.path, type: stored.type };
    },
  );

  return router;
}
