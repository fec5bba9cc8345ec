// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '../lib/media';
import { FallbackImage } from './fallback-image';

afterEach(cleanup);

describe('FallbackImage (SPEC §4: a broken image falls back)', () => {
  it('lazy-loads with explicit size and walks the sources when one fails', () => {
    render(<FallbackImage sources={['/broken.jpg', '/cover.jpg', PLACEHOLDER_IMAGE]} alt="Harbour at dawn" width={800} height={600} />);
    const img = screen.getByRole('img', { name: 'Harbour at dawn' });
    expect(img.getAttribute('src')).toBe('/broken.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('600');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/cover.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it('offers the variants of the first source, and plain images once it has failed', () => {
    const { container } = render(
      <FallbackImage
        sources={['/uploads/cover.jpg', PLACEHOLDER_IMAGE]}
        image={{ width: 1000, height: 500, widths: [320, 640, 960] }}
        sizes="50vw"
        alt="Cover"
        width={800}
        height={600}
      />,
    );
    let img = screen.getByRole('img', { name: 'Cover' });
    expect(container.querySelectorAll('picture source')).toHaveLength(2);
    expect(img.getAttribute('src')).toBe('/uploads/cover-960w.jpg');
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('width')).toBe('1000');
    fireEvent.error(img);
    img = screen.getByRole('img', { name: 'Cover' });
    expect(container.querySelector('picture')).toBeNull();
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.getAttribute('width')).toBe('800');
  });

  it('loads above-the-fold images eagerly with high priority', () => {
    render(<FallbackImage sources={['/hero.jpg']} alt="Hero" width={1200} height={675} eager />);
    const img = screen.getByRole('img', { name: 'Hero' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
