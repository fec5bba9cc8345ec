import { SECTION_PATH_NAMES, type Section } from '#shared/constants';

export interface SectionRoute {
  /** The wire name of the section (CONTRACT §2). */
  section: Section;
  /** The page heading (docs/spec/SPEC.md §2). */
  heading: string;
}

/** docs/spec/SPEC.md §2: the page heading of each section. */
const HEADINGS: Record<Section, string> = {
  Sports: 'Sports',
  'Opinions & Editorials': 'Editorials and Opinions',
  Business: 'Business',
  Technology: 'Technology',
  General: 'General News',
};

/** docs/spec/SPEC.md §2: section names of /news/{sectionName}, matched case-insensitively. */
const SECTION_ROUTES = new Map<string, SectionRoute>(
  (Object.entries(SECTION_PATH_NAMES) as [Section, string][]).map(([section, name]) => [name, { section, heading: HEADINGS[section] }]),
);

/** The section a /news/{name} path stands for, or null when there is none. */
export function sectionFromPath(name: string | undefined): SectionRoute | null {
  if (!name) return null;
  return SECTION_ROUTES.get(name.trim().toLowerCase()) ?? null;
}

/** The /news/{name} path segment of a wire section name. */
export function sectionPathName(section: Section): string {
  return SECTION_PATH_NAMES[section];
}
