import { describe, expect, it } from 'vitest';
import { imageTypeOf, mediaTypeOf } from './media-types';

describe('media types by extension', () => {
  it('names images for both, videos for media only, in any case', () => {
    expect([imageTypeOf('JPG'), mediaTypeOf('jpeg'), imageTypeOf('svg')]).toEqual(['image/jpeg', 'image/jpeg', 'image/svg+xml']);
    expect([imageTypeOf('mp4'), mediaTypeOf('MOV')]).toEqual([undefined, 'video/quicktime']);
  });

  it('names no type for an unknown extension, an inherited property name included', () => {
    expect([mediaTypeOf('exe'), mediaTypeOf('constructor'), imageTypeOf('toString')]).toEqual([undefined, undefined, undefined]);
  });
});
