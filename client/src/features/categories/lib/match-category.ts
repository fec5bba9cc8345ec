import type { Category } from '../../../../../shared/types';

/** SPEC.md §2: a category's name lowercased with spaces turned into hyphens. */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The category a /category/{idOrSlug} path names: by id, or by its slug (stored or derived from the name). */
export function matchCategory(categories: readonly Category[], idOrSlug: string): Category | null {
  let key: string;
  try {
    key = decodeURIComponent(idOrSlug).trim();
  } catch {
    key = idOrSlug.trim();
  }
  if (!key) return null;
  const byId = categories.find((c) => c.id === key);
  if (byId) return byId;
  const slug = key.toLowerCase();
  return categories.find((c) => c.slug === slug || categorySlug(c.name) === categorySlug(slug)) ?? null;
}
