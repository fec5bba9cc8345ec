/**
 * Characters that show nothing on their own: white space, format characters and Unicode's other
 * default-ignorable ones (zero-width space, joiners, word joiner, byte-order mark, soft hyphen, direction
 * marks, Hangul fillers, variation selectors, tag characters) and the blank Braille pattern. A text made
 * only of these looks empty, so the plain-text fields treat it as empty; inside visible text they are
 * kept (a zero-width joiner builds emoji, a soft hyphen marks a break).
 */
const INVISIBLE = /[\s\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Whether a text holds a control character (a line break, a tab, NUL…): a one-line field refuses it. */
export const hasControl = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Whether a plain text shows anything at all. */
export const hasVisibleText = (text: string): boolean => text.replace(INVISIBLE, '').length > 0;
