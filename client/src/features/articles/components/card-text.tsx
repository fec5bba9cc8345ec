import { Fragment } from 'react';
import { Link } from '#client/components/ui/link';
import { bylineAuthors } from '#shared/byline';
import type { ArticleListItem } from '#shared/types';
import { RelativeTime } from '#client/components/ui/dates';
import { paths } from '#client/config/paths';

/** A card's title: its link stretches over the whole card, so that the card is clickable. */
export function StretchedTitleLink({ article }: { article: ArticleListItem }) {
  return (
    <Link
      to={paths.article(article.id)}
      state={{ article }}
      className="after:absolute after:inset-0 after:content-[''] hover:underline focus:outline-none"
    >
      {article.title}
    </Link>
  );
}

/**
 * An author's name, linking to their page (docs/decisions/049-author-pages.md). Above a card's stretched title link,
 * so that it takes its own clicks.
 */
function AuthorLink({ author, className = '' }: { author: ArticleListItem['author']; className?: string }) {
  return (
    <Link to={paths.author(author.slug ?? '')} className={`relative z-10 hover:underline ${className}`}>
      {author.name}
    </Link>
  );
}

/** Each writer of the article linking to their page, as a byline names them: 'Ann, Bea and Cy' (docs/decisions/064-co-authors.md). */
export function AuthorLinks({ article, className }: { article: ArticleListItem; className?: string }) {
  const people = bylineAuthors(article);
  return people.map((person, i) => (
    <Fragment key={person.id}>
      {i > 0 && (i === people.length - 1 ? ' and ' : ', ')}
      <AuthorLink author={person} className={className} />
    </Fragment>
  ));
}

/** The authors and how long ago the article came out ('Ann Author · 3 hours ago'), 'By …' where the card says so. */
export function Byline({ article, by = false, className }: { article: ArticleListItem; by?: boolean; className: string }) {
  return (
    <p className={className}>
      <span>
        {by && 'By '}
        <AuthorLinks article={article} />
      </span>
      <span aria-hidden="true"> · </span>
      <RelativeTime value={article.publishedAt ?? article.updatedAt} />
    </p>
  );
}
