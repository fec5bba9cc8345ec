import { useState } from 'react';

type Upload = (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;

/**
 * Uploads an article's media files one after another, keeping each one's progress (0 to 1, by its index in the
 * list) for the MediaPicker: the article forms' uploads, when an article is added and on its media list.
 */
export function useMediaUploads() {
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [uploading, setUploading] = useState(false);

  /** Uploads every file, telling `each` of each one as it settles; answers those that failed, with their errors. */
  const uploadAll = async (
    files: File[],
    upload: Upload,
    each: { uploaded?(file: File): void; failed?(file: File, error: unknown): void } = {},
  ) => {
    setUploading(true);
    const failures: { file: File; error: unknown }[] = [];
    for (const [i, file] of files.entries()) {
      setProgress((p) => ({ ...p, [i]: 0 }));
      try {
        await upload(file, (fraction) => setProgress((p) => ({ ...p, [i]: fraction })));
        setProgress((p) => ({ ...p, [i]: 1 }));
        each.uploaded?.(file);
      } catch (error) {
        failures.push({ file, error });
        each.failed?.(file, error);
      }
    }
    setUploading(false);
    return failures;
  };

  return { progress, uploading, uploadAll, clear: () => setProgress({}) };
}
