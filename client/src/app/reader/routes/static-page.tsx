import { Navigate, useParams } from 'react-router';
import { ErrorBox } from '#client/components/ui/alert';
import { LongDate } from '#client/components/ui/dates';
import { LoadingText } from '#client/components/ui/page-state';
import { getPublicPageQueryOptions, usePublicPage } from '#client/features/pages/api/get-public-page';
import { isMissing } from '#client/lib/api-client';
import { errorMessage } from '#client/lib/errors';
import { usePageTitle } from '#client/lib/site-settings';
import { PAGE_SLUG, PAGE_SLUG_MAX } from '#shared/page-slug';
import { paths } from '#client/config/paths';
import { pageOfFailure, type LoadArgs, type Loaded } from '../load';
import { NotFoundRoute } from './not-found';

/**
 * On the server: the published page at `/<slug>`; anything else is the site's 404 page. One address per page: another
 * spelling (`/Privacy`) moves to the stored one, as does a page's earlier address, and a path no page could have is a
 * 404 without a read.
 */
export async function loadStaticPage({ params, queryClient, transport }: LoadArgs): Promise<Loaded> {
  const slug = params.slug ?? '';
  const lower = slug.toLowerCase();
  if (!PAGE_SLUG.test(lower) || lower.length > PAGE_SLUG_MAX) return { page: { kind: 'not-found', title: 'Page not found' } };
  if (lower !== slug) return { redirect: paths.page(lower) };
  return queryClient.fetchQuery(getPublicPageQueryOptions(slug, transport)).then(
    // An earlier address answers the page that moved from it: readers go on to where it lives now.
    (page): Loaded => (page.slug === slug ? { page: { kind: 'page', page } } : { redirect: paths.page(page.slug) }),
    (error: unknown) => pageOfFailure(error, 'Page not found'),
  );
}

/** A static page (About, Contact, Privacy…; docs/decisions/057-pages-and-navigation.md): its title, body and last change. */
export function StaticPageRoute() {
  const { slug = '' } = useParams();
  const page = usePublicPage(slug);
  usePageTitle(page.data ? page.data.title : null);

  if (page.isPending) return <LoadingText>Loading page...</LoadingText>;
  if (page.isError && !page.data) {
    if (isMissing(page.error)) return <NotFoundRoute />;
    return <ErrorBox className="mx-auto my-10 max-w-xl">{errorMessage(page.error, 'Failed to load the page')}</ErrorBox>;
  }
  if (page.data.slug !== slug) return <Navigate to={paths.page(page.data.slug)} replace />;
  const { title, content, updatedAt } = page.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <header className="mb-8 border-b-2 border-slate-900 pb-4">
        <h1 className="font-serif text-3xl font-bold text-slate-900 md:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Last updated <LongDate value={updatedAt} />
        </p>
      </header>
      <div className="article-body" dangerouslySetInnerHTML={{ __html: content }} />
    </article>
  );
}
