/**
 * The comment settings' blocked words (docs/decisions/066-comment-moderation.md): a word or phrase matches where it
 * stands whole in a comment, in any case and with accents folded ("Idiot", "idiót" and "idiot!" match `idiot`;
 * "idiotic" does not). Spaces in a phrase match any run of white space.
 */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first blocked word or phrase the text holds, or null. */
export function blockedWordIn(text: string, blocked: readonly string[]): string | null {
  const folded = fold(text);
  for (const word of blocked) {
    const phrase = fold(word).trim().split(/\s+/).filter(Boolean).map(escape).join('\\s+');
    if (phrase && new RegExp(`(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, 'u').test(folded)) return word;
  }
  return null;
}
