import { describe, expect, it } from 'vitest';
import { htmlToText, wordDiff } from './word-diff';

describe('word-by-word differences of article bodies', () => {
  it('reads sanitised HTML as paragraphs of text', () => {
    expect(htmlToText('<h2>Costs</h2><p>Fares rise by <strong>5&nbsp;%</strong> &amp; more.</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'Costs\n\nFares rise by 5 % & more.\n\nOne\n\nTwo',
    );
    expect(htmlToText('<p>Line<br>break &#8212; &#x2014; &bogus;</p>')).toBe('Line\nbreak — — &bogus;');
  });

  it('writes out what a reader sees that is not text: links, images, embeds, rules', () => {
    expect(
      htmlToText(
        '<p>See <a href="https://example.org/a" rel="noopener">the report</a>.</p><p><img src="/uploads/x.png" alt="A chart"></p><hr><p><iframe src="https://www.youtube.com/embed/abc"></iframe></p>',
      ),
    ).toBe('See the report (https://example.org/a).\n\n[image: /uploads/x.png]\n\n———\n\n[embed: https://www.youtube.com/embed/abc]');
    // A new link target alone is a change.
    const parts = wordDiff(
      htmlToText('<p><a href="https://a.example/">source</a></p>'),
      htmlToText('<p><a href="https://b.example/">source</a></p>'),
    );
    expect(parts?.some((p) => p.change !== 'same')).toBe(true);
  });

  it('marks the words added and removed, and keeps the rest', () => {
    const parts = wordDiff('The line reaches the hospital by 2029.', 'The line reaches the new hospital by 2030.');
    expect(parts?.filter((p) => p.change !== 'same')).toEqual([
      { text: 'new ', change: 'added' },
      { text: '2029', change: 'removed' },
      { text: '2030', change: 'added' },
    ]);
    // Read in order, the parts that are not removed are the new text, and those not added the old.
    expect(
      parts!
        .filter((p) => p.change !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('The line reaches the new hospital by 2030.');
    expect(
      parts!
        .filter((p) => p.change !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe('The line reaches the hospital by 2029.');
  });

  it('says nothing changed as one unchanged part', () => {
    expect(wordDiff('Same words.', 'Same words.')).toEqual([{ text: 'Same words.', change: 'same' }]);
  });
});
