import { createCB } from 'xmlbuilder2';

/** The callback builder (xmlbuilder2 does not export its interface by name from the package root). */
export type XMLBuilderCB = ReturnType<typeof createCB>;

/**
 * Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF): escaping
 * cannot save them, so they are dropped from text before it is written. Titles and names are plain text
 * from staff, who can paste anything.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const xmlText = (text: string) => text.replace(NOT_XML, '');

/**
 * Writes one XML document with xmlbuilder2's callback builder, which escapes every text and attribute
 * and emits each piece as it goes (no document tree in memory, whatever the number of URLs). `build`
 * may await the database between elements.
 */
export async function writeXml(build: (xml: XMLBuilderCB) => Promise<void> | void): Promise<string> {
  const chunks: string[] = [];
  let failure: Error | undefined;
  const xml = createCB({
    data: (chunk: string) => chunks.push(chunk),
    error: (err: Error) => (failure ??= err),
    prettyPrint: true,
  });
  xml.dec({ version: '1.0', encoding: 'UTF-8' });
  await build(xml);
  xml.end();
  if (failure) throw failure;
  return chunks.join('') + '\n';
}
