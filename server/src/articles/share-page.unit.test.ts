import { describe, expect, it } from 'vitest';
import { articleTeaser, SHARE_DESCRIPTION_MAX } from './share-page';

describe('articleTeaser (issue 24: one story, one teaser)', () => {
  const summary =
    'The council will vote on Tuesday evening on the bridge consultation, after three months in which residents, ' +
    'shop owners and the ferry company sent in their views.';

  it('is the summary cut at a word, with an ellipsis, within the share preview length', () => {
    const teaser = articleTeaser({ summary, title: 'Bridge' });
    expect(Array.from(teaser).length).toBeLessThanOrEqual(SHARE_DESCRIPTION_MAX);
    expect(teaser).toBe(
      'The council will vote on Tuesday evening on the bridge consultation, after three months in which residents, shop owners and the ferry company sent in…',
    );
    // A prefix of the summary that ends where a word ends.
    expect(summary.startsWith(teaser.slice(0, -1))).toBe(true);
    expect(summary[teaser.length - 1]).toBe(' ');
  });

  it('is the whole summary when it fits, and the title when the summary is blank', () => {
    expect(articleTeaser({ summary: '  Short  summary. ', title: 'T' })).toBe('Short summary.');
    expect(articleTeaser({ summary: ' \n ', title: 'The title' })).toBe('The title');
  });
});
