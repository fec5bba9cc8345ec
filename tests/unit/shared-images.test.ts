import { describe, expect, it } from 'vitest';
import { CROP_RATIOS, cropSize, cropUrl, hasVariantUrls, isVariantUrl, srcSet, variantUrl, variantWidths } from '../../shared/images';

describe('variantUrl: the one URL scheme of resized images', () => {
  it('puts the width and the format next to the original, whatever its own format', () => {
    expect(variantUrl('/uploads/0b1c-photo.png', 640, 'avif')).toBe('/uploads/0b1c-photo-640w.avif');
    expect(variantUrl('/uploads/0b1c-photo.png', 640, 'webp')).toBe('/uploads/0b1c-photo-640w.webp');
    expect(variantUrl('/uploads/0b1c-photo.png', 640, 'jpeg')).toBe('/uploads/0b1c-photo-640w.jpg');
    expect(variantUrl('/uploads/demo-01.webp', 320, 'jpeg')).toBe('/uploads/demo-01-320w.jpg');
    expect(variantUrl('/uploads/a.b.jpg', 960, 'webp')).toBe('/uploads/a.b-960w.webp');
    expect(variantUrl('/uploads/no-extension', 320, 'avif')).toBe('/uploads/no-extension-320w.avif');
  });

  it('refuses what is not an original upload: external URLs, other folders, variants themselves', () => {
    for (const url of ['https://example.com/a.jpg', '/public/placeholder.svg', '/uploads/../etc/passwd', '/uploads/x-640w.avif', ''])
      expect(() => variantUrl(url, 320, 'jpeg'), url).toThrow();
  });

  it('tells originals from variants', () => {
    expect(hasVariantUrls('/uploads/3f2a.jpg')).toBe(true);
    expect(hasVariantUrls('/uploads/3f2a-320w.jpg')).toBe(false);
    expect(hasVariantUrls('https://example.com/uploads/3f2a.jpg')).toBe(false);
    expect(isVariantUrl('/uploads/3f2a-1920w.webp')).toBe(true);
    expect(isVariantUrl('/uploads/3f2a-1920w.png')).toBe(false);
    expect(isVariantUrl('/uploads/demo-01.webp')).toBe(false);
  });
});

describe('crops: the 16:9, 4:3 and 1:1 versions of an original (issue 24)', () => {
  it('are named by their ratio next to the original, and are never originals themselves', () => {
    expect(CROP_RATIOS.map((r) => cropUrl('/uploads/0b1c-photo.png', r))).toEqual([
      '/uploads/0b1c-photo-16x9.jpg',
      '/uploads/0b1c-photo-4x3.jpg',
      '/uploads/0b1c-photo-1x1.jpg',
    ]);
    expect(isVariantUrl('/uploads/0b1c-photo-16x9.jpg')).toBe(true);
    expect(hasVariantUrls('/uploads/0b1c-photo-1x1.jpg')).toBe(false);
    expect(() => cropUrl('/uploads/x-4x3.jpg', CROP_RATIOS[0])).toThrow();
  });

  it('are the largest crop of their ratio, at most 1200 px wide, never larger than the original', () => {
    const [wide, classic, square] = CROP_RATIOS;
    expect(cropSize({ width: 4000, height: 3000 }, wide)).toEqual({ width: 1200, height: 675 });
    expect(cropSize({ width: 4000, height: 3000 }, square)).toEqual({ width: 1200, height: 1200 });
    expect(cropSize({ width: 900, height: 2000 }, classic)).toEqual({ width: 900, height: 675 });
    expect(cropSize({ width: 1000, height: 300 }, wide)).toEqual({ width: 533, height: 300 });
    expect(cropSize({ width: 1, height: 1 }, wide)).toEqual({ width: 1, height: 1 });
  });
});

describe('srcSet', () => {
  it('lists every width with its descriptor, narrowest first', () => {
    expect(srcSet('/uploads/p.jpg', [960, 320, 640], 'webp')).toBe(
      '/uploads/p-320w.webp 320w, /uploads/p-640w.webp 640w, /uploads/p-960w.webp 960w',
    );
    expect(srcSet('/uploads/p.jpg', [200], 'jpeg')).toBe('/uploads/p-200w.jpg 200w');
  });
});

describe('variantWidths', () => {
  it('takes the standard widths the original reaches, never a wider one', () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1919)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(320)).toEqual([320]);
  });

  it('gives an original narrower than 320 px one variant at its own width', () => {
    expect(variantWidths(319)).toEqual([319]);
    expect(variantWidths(1)).toEqual([1]);
  });
});
