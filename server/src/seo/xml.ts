import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF): escaping
 * cannot save them, so they are dropped from text before it is written. Titles and names are plain text
 * from staff, who can paste anything.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const xmlText = (text: string) => text.replace(NOT_XML, '');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Anything escapeXml would change (most text, URLs and dates included, has none: it is returned as it is). */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text or an attribute value as XML: the five special characters escaped, the characters XML forbids dropped. */
export const escapeXml = (text: string) => (NEEDS_WORK.test(text) ? xmlText(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!) : text);

const INDENTS = Array.from({ length: 16 }, (_, depth) => `\n${'  '.repeat(depth)}`);

type Attributes = Record<string, string>;

/** Elements written between two turns of the event loop: a 50,000-URL sitemap never holds the loop for long. */
const ELEMENTS_PER_TURN = 2_000;

/**
 * One XML document, written as text (docs/decisions/038): every text and attribute escaped, elements indented
 * two spaces a level. A sitemap of 5,000 URLs took 0.3–0.7 s through xmlbuilder2's callback builder, all of it on
 * the event loop; as plain strings it takes a few milliseconds, and `written()` hands the loop back now and
 * then, so a long document never stalls the other requests.
 */
export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private readonly open: string[] = [];
  private sinceTurn = 0;

  private line(text: string) {
    this.parts.push(INDENTS[this.open.length] ?? `\n${'  '.repeat(this.open.length)}`, text);
    this.sinceTurn += 1;
  }

  start(name: string, attributes: Attributes = {}): this {
    this.line(`<${name}${attributesOf(attributes)}>`);
    this.open.push(name);
    return this;
  }

  end(): this {
    const name = this.open.pop();
    if (name === undefined) throw new Error('no element to end');
    this.line(`</${name}>`);
    return this;
  }

  /** An element with text (escaped), or empty when `text` is undefined. */
  leaf(name: string, text?: string, attributes: Attributes = {}): this {
    this.line(
      text === undefined ? `<${name}${attributesOf(attributes)}/>` : `<${name}${attributesOf(attributes)}>${escapeXml(text)}</${name}>`,
    );
    return this;
  }

  /** Lets the event loop run other work if this document has written many elements since it last did. */
  async written(): Promise<void> {
    if (this.sinceTurn < ELEMENTS_PER_TURN) return;
    this.sinceTurn = 0;
    await nextTurn();
  }

  toString(): string {
    if (this.open.length) throw new Error(`unclosed elements: ${this.open.join(', ')}`);
    return this.parts.join('') + '\n';
  }
}

const attributesOf = (attributes: Attributes) =>
  Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
