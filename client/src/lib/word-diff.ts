import { diffWordsWithSpace } from 'diff';

/**
 * Word-by-word differences between two revisions of an article (docs/decisions/060-revisions.md), through jsdiff
 * (`diff`): the body is compared as the text a reader reads, paragraph by paragraph, not as its HTML.
 */

export interface DiffPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** A diff that would take longer than this is not marked word by word: the two texts are shown whole instead. */
const DIFF_TIMEOUT_MS = 1_500;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** An attribute's value in a tag's text (`href`, `src`), or ''. */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1] ?? '';

/**
 * The text of sanitised article HTML: a paragraph (heading, list item, quote) per line pair, entities decoded. What a
 * reader sees but is not text is written out, so that a change to it shows: a link's address after its text, an
 * image, a video or an embed by its address, a rule as a line.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi, (_m, attributes: string, text: string) => {
      const href = attribute(` ${attributes}`, 'href');
      return href ? `${text} (${href})` : text;
    })
    .replace(/<(img|iframe|video|source)\b[^>]*>/gi, (tag, name: string) => {
      const src = attribute(tag, 'src');
      return src ? `[${name.toLowerCase() === 'img' ? 'image' : name.toLowerCase() === 'iframe' ? 'embed' : 'video'}: ${src}]` : '';
    })
    .replace(/<hr\b[^>]*>/gi, '\n\n———\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|figure|figcaption|div)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The parts of `after` against `before`, word by word; null when they are too different to mark in time. */
export function wordDiff(before: string, after: string): DiffPart[] | null {
  const changes = diffWordsWithSpace(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return null;
  return changes.map((c) => ({ text: c.value, change: c.added ? 'added' : c.removed ? 'removed' : 'same' }));
}
