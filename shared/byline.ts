/** Who wrote an article, as its byline names them (docs/decisions/064-co-authors.md). */

/** An article's writers in the byline's order: its author, then its co-authors. */
export function bylineAuthors<A>(article: { author: A; coAuthors?: readonly A[] }): A[] {
  return [article.author, ...(article.coAuthors ?? [])];
}

/** Names joined as a byline reads them: 'Ann', 'Ann and Bea', 'Ann, Bea and Cy'. */
export function joinNames(names: readonly string[]): string {
  if (names.length < 2) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The byline as text: 'Ann, Bea and Cy' (the feed's creator, the dashboard's lines). */
export const bylineText = (article: { author: { name: string }; coAuthors?: readonly { name: string }[] }): string =>
  joinNames(bylineAuthors(article).map((person) => person.name));

/** Is `userId` one of the article's writers, its author or a co-author? Their `own` grants reach it. */
export function writtenBy(article: { author: { id: string }; coAuthors?: readonly { id: string }[] }, userId: string): boolean {
  return bylineAuthors(article).some((person) => person.id === userId);
}
