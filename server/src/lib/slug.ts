/** The category slug rule of SPEC.md §2: the name lowercased with spaces turned into hyphens. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
