import type { Section } from '../../../../../shared/constants';

export interface SectionRoute {
  /** The wire name of the section (CONTRACT §2). */
  section: Section;
  /** The page heading (SPEC.md §2). */
  heading: string;
}

/** SPEC.md §2: section names of /news/{sectionName}, matched case-insensitively. */
const SECTION_ROUTES = new Map<string, SectionRoute>([
  ['sports', { section: 'Sports', heading: 'Sports' }],
  ['editorials', { section: 'Opinions & Editorials', heading: 'Editorials and Opinions' }],
  ['business', { section: 'Business', heading: 'Business' }],
  ['technology', { section: 'Technology', heading: 'Technology' }],
  ['general', { section: 'General', heading: 'General News' }],
]);

/** The section a /news/{name} path stands for, or null when there is none. */
export function sectionFromPath(name: string | undefined): SectionRoute | null {
  if (!name) return null;
  return SECTION_ROUTES.get(name.trim().toLowerCase()) ?? null;
}

/** The /news/{name} path segment of a wire section name. */
export function sectionPathName(section: Section): string {
  for (const [name, route] of SECTION_ROUTES) if (route.section === section) return name;
  return section.toLowerCase();
}
