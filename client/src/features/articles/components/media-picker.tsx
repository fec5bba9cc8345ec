import { useId, useRef, useState, type DragEvent } from 'react';
import { Icon } from '#client/components/ui/icon';
import { ProgressBar } from '#client/components/ui/progress-bar';

export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,video/mp4,video/webm';

export function isMediaFile(file: File): boolean {
  return file.type.startsWith('image/') || file.type.startsWith('video/');
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface MediaPickerProps {
  files: File[];
  onChange(files: File[]): void;
  /** Upload progress per file index, 0..1, while uploading. */
  progress?: Record<number, number>;
  disabled?: boolean;
  multiple?: boolean;
}

/** Image or video files by drag-and-drop or the file picker, each with its upload progress. */
export function MediaPicker({ files, onChange, progress = {}, disabled, multiple = true }: MediaPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [rejected, setRejected] = useState<string[]>([]);

  const add = (list: FileList | null) => {
    if (!list) return;
    const incoming = [...list];
    setRejected(incoming.filter((f) => !isMediaFile(f)).map((f) => f.name));
    const accepted = incoming.filter(isMediaFile);
    if (accepted.length) onChange(multiple ? [...files, ...accepted] : accepted.slice(0, 1));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(event.dataTransfer.files);
  };

  return (
    <div className="space-y-2">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="media-dropzone"
        className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors ${dragging ? 'border-sky-500 bg-sky-50' : 'border-slate-300 bg-slate-50'} ${disabled ? 'opacity-60' : ''}`}
      >
        <Icon name="upload" className="h-7 w-7 text-slate-400" />
        <p className="text-slate-600">Drag and drop images or videos here, or</p>
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50"
        >
          Choose files
        </button>
        <p id={hintId} className="text-xs text-slate-500">
          JPEG, PNG, WebP, GIF, AVIF, MP4 or WebM.
        </p>
        <input
          ref={input}
          type="file"
          multiple={multiple}
          accept={MEDIA_ACCEPT}
          className="hidden"
          data-testid="media-input"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {rejected.length > 0 && (
        <p role="alert" className="text-sm text-red-600">
          Only image or video files can be attached: {rejected.join(', ')}
        </p>
      )}
      {files.length > 0 && (
        <ul className="space-y-2">
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="rounded-md border border-slate-200 p-2 text-sm">
              {progress[i] !== undefined ? (
                <ProgressBar value={progress[i]} label={`Uploading ${file.name}`} />
              ) : (
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate">
                    {file.name} <span className="text-xs text-slate-500">({formatSize(file.size)})</span>
                  </span>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => onChange(files.filter((_, j) => j !== i))}
                    className="rounded px-2 py-0.5 text-xs text-red-700 hover:bg-red-50 disabled:opacity-50"
                    aria-label={`Remove ${file.name}`}
                  >
                    Remove
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
