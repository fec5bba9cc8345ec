/**
 * The comment settings' blocked words (docs/decisions/066-comment-moderation.md): a word or phrase matches where it
 * stands whole in a comment, in any case and with accents folded ("Idiot", "idiót", "ｉｄｉｏｔ" and "idiot!" match
 * `idiot`; "idiotic" does not), invisible characters taken out first ("idi\u00ADot" is "idiot"). Spaces in a phrase
 * match any run of white space. A word of a script written without spaces (Chinese, Japanese, Thai…) matches anywhere.
 */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '')
    .toLowerCase();

/** Scripts whose words are not set apart by spaces: there a blocked word matches inside a run of letters. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first blocked word or phrase the text holds, or null. */
export function blockedWordIn(text: string, blocked: readonly string[]): string | null {
  const folded = fold(text);
  for (const word of blocked) {
    const phrase = fold(word).trim().split(/\s+/).filter(Boolean).map(escape).join('\\s+');
    if (!phrase) continue;
    const pattern = UNSPACED.test(phrase) ? phrase : `(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`;
    if (new RegExp(pattern, 'u').test(folded)) return word;
  }
  return null;
}
