import { spokenSlug } from '#shared/slug';
import type { Category } from '#shared/types';

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
  return categories.find((c) => c.slug === slug || spokenSlug(c.name) === spokenSlug(slug)) ?? null;
}
