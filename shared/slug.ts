/**
 * docs/spec/SPEC.md §2's way of naming a category in an address: its name lowercased with spaces turned into hyphens
 * (`opinions-&-editorials`). Stored slugs are cleaner (server/src/lib/slug.ts), but an address written this
 * way, and a slug stored before they were, still find their category on both sides.
 */
export function spokenSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
