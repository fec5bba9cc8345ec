// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMediaUploads } from './use-media-uploads';

afterEach(cleanup);

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('useMediaUploads', () => {
  it('uploads the files one after another, keeps each one’s progress, and answers the failures with their errors', async () => {
    const { result } = renderHook(() => useMediaUploads());
    const order: string[] = [];
    const heard: string[] = [];
    const refused = new Error('too large');
    let failures: { file: File; error: unknown }[] = [];
    await act(async () => {
      failures = await result.current.uploadAll(
        [file('a.png'), file('b.png'), file('c.png')],
        async (f, onProgress) => {
          order.push(`start ${f.name}`);
          onProgress(0.5);
          await Promise.resolve();
          order.push(`end ${f.name}`);
          if (f.name === 'b.png') throw refused;
        },
        { uploaded: (f) => heard.push(`uploaded ${f.name}`), failed: (f) => heard.push(`failed ${f.name}`) },
      );
    });
    expect(order).toEqual(['start a.png', 'end a.png', 'start b.png', 'end b.png', 'start c.png', 'end c.png']);
    expect(heard).toEqual(['uploaded a.png', 'failed b.png', 'uploaded c.png']);
    expect(failures.map((f) => [f.file.name, f.error])).toEqual([['b.png', refused]]);
    // A failed file keeps the progress it reached; the others are complete.
    expect(result.current.progress).toEqual({ 0: 1, 1: 0.5, 2: 1 });
    expect(result.current.uploading).toBe(false);

    act(() => result.current.clear());
    expect(result.current.progress).toEqual({});
  });
});
