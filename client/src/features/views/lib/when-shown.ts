/**
 * Runs `start` now, or, on a page being prerendered (Speculation Rules: loaded ahead, not yet shown to anyone), once the
 * reader arrives on it. Returns what cancels a start still waiting.
 */
export function whenShown(start: () => void): () => void {
  if ((document as Document & { prerendering?: boolean }).prerendering !== true) {
    start();
    return () => {};
  }
  document.addEventListener('prerenderingchange', start, { once: true });
  return () => document.removeEventListener('prerenderingchange', start);
}
