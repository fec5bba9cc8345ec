// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

afterEach(cleanup);

const image = { width: 1600, height: 900, widths: [320, 640, 960, 1280] };
const SIZES = '(min-width: 1024px) 25vw, 50vw';

describe('ResponsiveImage', () => {
  it('offers AVIF, then WebP, then JPEG at every width, with the intrinsic size, lazily by default', () => {
    const { container } = render(<ResponsiveImage src="/uploads/harbour.png" image={image} alt="Harbour at dawn" sizes={SIZES} />);
    const picture = container.querySelector('picture')!;
    const sources = [...picture.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      '/uploads/harbour-320w.avif 320w, /uploads/harbour-640w.avif 640w, /uploads/harbour-960w.avif 960w, /uploads/harbour-1280w.avif 1280w',
    );
    expect(sources[1]!.getAttribute('srcset')).toMatch(/^\/uploads\/harbour-320w\.webp 320w, .*\/uploads\/harbour-1280w\.webp 1280w$/);
    for (const source of sources) expect(source.getAttribute('sizes')).toBe(SIZES);

    const img = screen.getByRole('img', { name: 'Harbour at dawn' });
    expect(img.parentElement).toBe(picture);
    expect(img.getAttribute('src')).toBe('/uploads/harbour-1280w.jpg');
    expect(img.getAttribute('srcset')).toMatch(/^\/uploads\/harbour-320w\.jpg 320w, .*, \/uploads\/harbour-1280w\.jpg 1280w$/);
    expect(img.getAttribute('sizes')).toBe(SIZES);
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('height')).toBe('900');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('loads the first visible image at once, with high priority', () => {
    render(<ResponsiveImage src="/uploads/hero.jpg" image={image} alt="Hero" sizes="100vw" priority />);
    const img = screen.getByRole('img', { name: 'Hero' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('is a plain img of the URL when there are no variants, or the URL is not an upload', () => {
    const { container, rerender } = render(
      <ResponsiveImage src="/uploads/new.jpg" image={null} alt="New" sizes="100vw" width={800} height={600} className="h-full" />,
    );
    let img = screen.getByRole('img', { name: 'New' });
    expect(container.querySelector('picture')).toBeNull();
    expect(img.getAttribute('src')).toBe('/uploads/new.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('600');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.className).toBe('h-full');

    rerender(<ResponsiveImage src="https://cdn.example.com/a.jpg" image={image} alt="New" sizes="100vw" />);
    img = screen.getByRole('img', { name: 'New' });
    expect(container.querySelector('picture')).toBeNull();
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/a.jpg');
  });

  it('renders the same on the server and hydrates without a warning', async () => {
    const element = <ResponsiveImage src="/uploads/hero.jpg" image={image} alt="Hero" sizes="100vw" priority />;
    const html = renderToString(element);
    expect(renderToString(element)).toBe(html);
    expect(html).toMatch(/<picture[^>]*><source type="image\/avif"[^>]*><source type="image\/webp"[^>]*><img [^>]*fetchPriority="high"/i);
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    // A mismatch would be reported through console.error, which fails the test (tests/setup/unit.ts).
    const hydrated = await act(async () => hydrateRoot(root, element));
    expect(root.querySelector('img')!.getAttribute('fetchpriority')).toBe('high');
    act(() => hydrated.unmount());
    root.remove();
  });
});
