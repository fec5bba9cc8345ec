/**
 * `text` with its whitespace collapsed, cut to at most `max` characters (code points) at a word boundary,
 * with an ellipsis when cut. A single word longer than the room is cut inside the word. The one cut of every
 * teaser: page descriptions, headlines in JSON-LD, share pages (docs/decisions/045-one-teaser-and-feed-text.md).
 */
export function truncateOnWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  const room = chars.slice(0, max - 1).join('');
  // The cut lands at a word boundary when the next character is a space.
  const atBoundary = chars[max - 1] === ' ';
  const lastSpace = room.lastIndexOf(' ');
  // Back to the last whole word, unless that throws most of the room away.
  const kept = atBoundary || lastSpace < room.length / 2 ? room : room.slice(0, lastSpace);
  return `${kept.replace(/[\s,;:.\-–—]+$/u, '') || kept}…`;
}
