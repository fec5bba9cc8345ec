import { useEffect, useState } from 'react';
import { HEADER_FADE_OUT_MS, nextHeaderMode, type HeaderMode } from './header-state';

/**
 * Follows the scroll position (once per animation frame) and ends the fade-out after 500 ms. It starts
 * 'static', as on the server, and reads the position after mounting: a page hydrated while scrolled down
 * (a reload, a back navigation) would otherwise not match the server's HTML.
 */
export function useHeaderMode(): HeaderMode {
  const [mode, setMode] = useState<HeaderMode>('static');
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setMode((m) => nextHeaderMode(m, window.scrollY));
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  useEffect(() => {
    if (mode !== 'leaving') return;
    const timer = setTimeout(() => setMode((m) => (m === 'leaving' ? 'static' : m)), HEADER_FADE_OUT_MS);
    return () => clearTimeout(timer);
  }, [mode]);
  return mode;
}
