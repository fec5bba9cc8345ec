import slugify from 'slugify';
import { spokenSlug } from '#shared/slug';

/**
 * A category's stored slug: letters and digits in lower case, accents folded, everything else a single hyphen
 * (`Opinions & Editorials` → `opinions-and-editorials`), by the slugify package (docs/decisions/031). A name of
 * symbols only keeps docs/spec/SPEC.md §2's form, so every name has a slug.
 */
export function categorySlug(name: string): string {
  // Angle brackets are markup, not words: slugify would spell them out ("less", "greater").
  return slugify(name.replace(/[<>]/g, ' '), { lower: true, strict: true, trim: true }) || spokenSlug(name);
}

/** The slugs an address may name a category by: the stored form, and docs/spec/SPEC.md §2's (a slug stored before). */
export function slugCandidates(idOrSlug: string): string[] {
  return [...new Set([categorySlug(idOrSlug), spokenSlug(idOrSlug)])];
}

/** The first of `base`, `base-2`, `base-3`… (up to `base-999`) that `taken` does not hold, or null. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string | null {
  if (!taken.has(base)) return base;
  for (let n = 2; n < 1000; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  return null;
}
