import { describe, expect, it } from 'vitest';
import { SECTIONS } from '#shared/constants';
import { sectionFromPath, sectionPathName } from './sections';

describe('sectionFromPath (SPEC §2 section mapping)', () => {
  it.each([
    ['sports', 'Sports', 'Sports'],
    ['SPORTS', 'Sports', 'Sports'],
    ['editorials', 'Opinions & Editorials', 'Editorials and Opinions'],
    ['Editorials', 'Opinions & Editorials', 'Editorials and Opinions'],
    ['business', 'Business', 'Business'],
    ['technology', 'Technology', 'Technology'],
    ['general', 'General', 'General News'],
  ])('%s maps to %s with the heading %s', (name, section, heading) => {
    expect(sectionFromPath(name)).toEqual({ section, heading });
  });

  it.each(['weather', '', 'constructor', '__proto__', 'sport', undefined])('%s is not a section', (name) => {
    expect(sectionFromPath(name)).toBeNull();
  });

  it('round-trips every wire section to its path name', () => {
    for (const section of SECTIONS) expect(sectionFromPath(sectionPathName(section))?.section).toBe(section);
  });
});
