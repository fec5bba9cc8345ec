import { useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { problemFrom } from '#client/lib/errors';

/** Stores a file (POST /api/uploads, given by the page: the articles feature owns it) and answers its path and kind. */
export type Uploader = (file: File) => Promise<{ path: string; type: 'image' | 'video' }>;

/** What each of the site's images is for, as Settings and the first-run setup say it. */
export const IMAGE_HINTS = {
  logo: 'In the header, in place of the name (40 px high; a wide image on a white or clear background reads best).',
  icon: "The browser tab's icon and a phone's home screen: a square, 512 px or more. Another shape is cut to a square around its most striking part.",
  shareImage: 'The preview of a link to a page without a picture of its own (the home page, categories): 1200 × 630 px reads best.',
} as const;

/**
 * One of the site's images (logo, icon, share image): what it is for, the image chosen or the built-in one, a file picker
 * that uploads at once, and Remove. The choice is saved with the settings.
 */
export function ImageSetting({
  label,
  hint,
  value,
  error,
  preview = 'h-12',
  upload,
  onChange,
}: {
  label: string;
  hint: string;
  value: string | null;
  error?: string;
  /** The preview's size classes. */
  preview?: string;
  upload: Uploader;
  onChange(url: string | null): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const { path, type } = await upload(file);
      if (type !== 'image') setProblem('Choose an image: JPEG, PNG, WebP, GIF or AVIF.');
      else onChange(path);
    } catch (err) {
      setProblem(problemFrom(err, 'Image upload failed').message);
    } finally {
      setUploading(false);
    }
  };
  const shown = problem ?? error;
  const action = `Upload ${label.toLowerCase()}`;
  return (
    <div className="space-y-2" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {value ? (
          <img
            src={value}
            alt={`Current ${label.toLowerCase()}`}
            className={`${preview} w-auto max-w-full rounded border border-slate-200 bg-white object-contain`}
          />
        ) : (
          <span className="text-sm text-slate-600 italic">The built-in one</span>
        )}
        {/* The label is the visible control (its text is its name); the file input sits inside it, out of sight but focusable. */}
        <label className="cursor-pointer rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:bg-slate-700">
          {uploading ? 'Uploading...' : action}
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
            disabled={uploading}
            className="sr-only"
          />
        </label>
        {value && (
          <Button
            size="xs"
            variant="secondary"
            onClick={() => {
              onChange(null);
              input.current?.focus();
            }}
          >
            {`Remove ${label.toLowerCase()}`}
          </Button>
        )}
      </div>
      <p role="status" className="sr-only">
        {uploading ? `Uploading the ${label.toLowerCase()}` : ''}
      </p>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {shown}
        </p>
      )}
    </div>
  );
}
