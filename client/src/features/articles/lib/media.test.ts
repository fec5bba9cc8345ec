import { describe, expect, it } from 'vitest';
import type { MediaItem } from '#shared/types';
import { PLACEHOLDER_IMAGE, SITE_LOGO, chooseArticleMedia, chooseCardMedia, imageFallbacks } from './media';

const image = (url: string): MediaItem => ({ id: url, type: 'image', fileUrl: url });
const video = (url: string): MediaItem => ({ id: url, type: 'video', fileUrl: url });

describe('chooseCardMedia (SPEC §2 media choice)', () => {
  it('takes the first image of the media list, even after a video', () => {
    expect(
      chooseCardMedia({ imageUrl: '/cover.jpg', media: [video('/v.mp4'), image('/a.jpg'), image('/b.jpg')] }, { allowVideo: true }),
    ).toEqual({ kind: 'image', src: '/a.jpg' });
  });

  it('takes the first video only on the small card', () => {
    const article = { imageUrl: '/cover.jpg', media: [video('/v1.mp4'), video('/v2.mp4')] };
    expect(chooseCardMedia(article, { allowVideo: true })).toEqual({ kind: 'video', src: '/v1.mp4' });
    expect(chooseCardMedia(article)).toEqual({ kind: 'image', src: '/cover.jpg' });
  });

  it('falls back to imageUrl, then to the placeholder', () => {
    expect(chooseCardMedia({ imageUrl: '/cover.jpg', media: [] })).toEqual({ kind: 'image', src: '/cover.jpg' });
    expect(chooseCardMedia({ imageUrl: null, media: [] })).toEqual({ kind: 'image', src: PLACEHOLDER_IMAGE });
    expect(chooseCardMedia({ imageUrl: '  ', media: null })).toEqual({ kind: 'image', src: PLACEHOLDER_IMAGE });
  });

  it('skips media items without a location', () => {
    expect(chooseCardMedia({ imageUrl: null, media: [image(''), image('/ok.jpg')] })).toEqual({ kind: 'image', src: '/ok.jpg' });
  });

  it('hero: looks in its own media first, then in the list passed in', () => {
    expect(chooseCardMedia({ imageUrl: null, media: [image('/own.jpg')] }, { fallbackMedia: [image('/passed.jpg')] })).toEqual({
      kind: 'image',
      src: '/own.jpg',
    });
    expect(chooseCardMedia({ imageUrl: '/cover.jpg', media: [] }, { fallbackMedia: [image('/passed.jpg')] })).toEqual({
      kind: 'image',
      src: '/passed.jpg',
    });
  });
});

describe('the variants of the chosen image', () => {
  const info = (width: number) => ({ width, height: width / 2, widths: [320] });
  it('come with the media item or the imageUrl they belong to', () => {
    const withVariants: MediaItem = { ...image('/uploads/m.jpg'), image: info(800) };
    expect(chooseCardMedia({ imageUrl: '/uploads/c.jpg', image: info(400), media: [withVariants] })).toEqual({
      kind: 'image',
      src: '/uploads/m.jpg',
      image: info(800),
    });
    expect(chooseCardMedia({ imageUrl: '/uploads/c.jpg', image: info(400), media: [] })).toEqual({
      kind: 'image',
      src: '/uploads/c.jpg',
      image: info(400),
    });
    expect(chooseArticleMedia({ imageUrl: null, media: [withVariants] })).toEqual({
      kind: 'image',
      src: '/uploads/m.jpg',
      image: info(800),
    });
  });

  it('are absent when the server has none (yet)', () => {
    expect(chooseCardMedia({ imageUrl: '/uploads/c.jpg', image: null, media: [image('/uploads/m.jpg')] })).toStrictEqual({
      kind: 'image',
      src: '/uploads/m.jpg',
    });
  });
});

describe('imageFallbacks', () => {
  it('tries the chosen image, then imageUrl, then the placeholder, without repeats', () => {
    expect(imageFallbacks('/a.jpg', '/cover.jpg')).toEqual(['/a.jpg', '/cover.jpg', PLACEHOLDER_IMAGE]);
    expect(imageFallbacks('/cover.jpg', '/cover.jpg')).toEqual(['/cover.jpg', PLACEHOLDER_IMAGE]);
    expect(imageFallbacks(PLACEHOLDER_IMAGE, null)).toEqual([PLACEHOLDER_IMAGE]);
    expect(imageFallbacks('/a.jpg', null, SITE_LOGO)).toEqual(['/a.jpg', SITE_LOGO]);
  });
});

describe('chooseArticleMedia (article page)', () => {
  it('shows the first media item whatever its type', () => {
    expect(chooseArticleMedia({ imageUrl: '/cover.jpg', media: [video('/v.mp4'), image('/a.jpg')] })).toEqual({
      kind: 'video',
      src: '/v.mp4',
    });
    expect(chooseArticleMedia({ imageUrl: '/cover.jpg', media: [image('/a.jpg')] })).toEqual({ kind: 'image', src: '/a.jpg' });
  });

  it('falls back to imageUrl and reports no media at all as null', () => {
    expect(chooseArticleMedia({ imageUrl: '/cover.jpg', media: [] })).toEqual({ kind: 'image', src: '/cover.jpg' });
    expect(chooseArticleMedia({ imageUrl: null, media: [] })).toBeNull();
  });
});
