import { upload } from '#client/lib/api-client';
import * as apiPaths from '#client/config/api-paths';

export interface UploadResult {
  success: boolean;
  path: string;
  type: 'image' | 'video';
}

/** POST /api/uploads (multipart `file`): stores an image or video and answers its path, e.g. for images in article text. */
export function uploadFile(file: File, onProgress?: (fraction: number) => void): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  return upload<UploadResult>(apiPaths.uploads, form, onProgress);
}
