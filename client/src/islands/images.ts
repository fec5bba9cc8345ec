/**
 * The images' island (features/articles/components/fallback-image.tsx on a hydrated page): a loaded image stops its
 * loading pulse, and a broken one falls back along the sources it names (`data-fallbacks`), as plain images, its
 * resized variants dropped (docs/spec/SPEC.md §4). An image that failed before this ran is found by its finished
 * load with no size.
 */
export function startImages(): void {
  document.querySelectorAll<HTMLImageElement>('img[data-fallbacks]').forEach((img) => {
    const loaded = () => img.classList.remove('animate-pulse');
    const failed = () => {
      let rest: string[] = [];
      try {
        rest = JSON.parse(img.dataset.fallbacks ?? '[]') as string[];
      } catch {
        // No sources left to try.
      }
      const next = rest.shift();
      if (next === undefined) return loaded();
      img.dataset.fallbacks = JSON.stringify(rest);
      img.parentElement?.querySelectorAll('source').forEach((source) => source.remove());
      img.removeAttribute('srcset');
      img.src = next;
    };
    img.addEventListener('load', loaded);
    img.addEventListener('error', failed);
    if (img.complete && img.getAttribute('src')) {
      if (img.naturalWidth > 0) loaded();
      else failed();
    }
  });
}
