import { describe, expect, it } from 'vitest';
import { brandedShell } from './render';

const SHELL = '<a href="/"><!--brand:start-->Chronicle <span class="text-brand">News</span><!--brand:end--></a>';

describe('brandedShell: the shell the dashboard and the auth screens paint first, with the site name', () => {
  it('writes the name, its last word in the accent colour, escaped', () => {
    expect(brandedShell(SHELL, 'The <Riverside> Courier')).toBe('<a href="/">The &lt;Riverside&gt; <span class="text-brand">Courier</span></a>');
  });

  it('writes a one-word name in one colour', () => {
    expect(brandedShell(SHELL, 'Courier&Co')).toBe('<a href="/">Courier&amp;Co</a>');
  });

  it('leaves a shell without the markers as it is', () => {
    expect(brandedShell('<a href="/">Brand</a>', 'Courier')).toBe('<a href="/">Brand</a>');
  });
});
