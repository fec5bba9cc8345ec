import { useLocation } from 'react-router';
import { formAnswer } from '#shared/newsletter-forms';
import { ErrorBox, SuccessBox } from '#client/components/ui/alert';
import { buttonClasses } from '#client/components/ui/button';
import { Link } from '#client/components/ui/link';
import { LoadingText } from '#client/components/ui/page-state';
import { paths } from '#client/config/paths';
import { useNewsletters, usePreferences } from '#client/features/newsletters/api/newsletters';
import { SubscriberEmail } from '#client/features/newsletters/components/subscribe-box';
import { errorMessage } from '#client/lib/errors';
import { usePageTitle } from '#client/lib/site-settings';
import type { NewsletterList } from '#shared/types';

/**
 * /newsletters and /newsletters/preferences (docs/decisions/069-newsletters.md): plain forms that work without
 * JavaScript. The server handles each post and moves the browser back here with what happened in the query
 * (`?status=check-inbox`), which the page shows above the form. A chunk of its own, rendered on the server.
 */

function Answer() {
  const answer = formAnswer(new URLSearchParams(useLocation().search));
  if (!answer) return null;
  return answer.ok ? (
    <SuccessBox className="mb-6 text-base">{answer.text}</SuccessBox>
  ) : (
    <ErrorBox className="mb-6 text-base">{answer.text}</ErrorBox>
  );
}

function Choices({ newsletters, checked }: { newsletters: NewsletterList['newsletters']; checked: (slug: string) => boolean }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {newsletters.map((n) => (
        <li key={n.id}>
          <label className="flex cursor-pointer gap-3 p-4 hover:bg-slate-50">
            <input
              type="checkbox"
              name="newsletters"
              value={n.slug}
              defaultChecked={checked(n.slug)}
              className="mt-1 size-5 shrink-0 accent-slate-900"
            />
            <span>
              <span className="block font-semibold text-slate-900">{n.name}</span>
              {n.description && <span className="block text-slate-700">{n.description}</span>}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}

const PAGE = 'mx-auto max-w-2xl px-4 py-10';
const HEADER = 'mb-8 border-b-2 border-slate-900 pb-4';
const H1 = 'font-serif text-3xl font-bold text-slate-900 md:text-4xl';

export function NewslettersRoute() {
  const list = useNewsletters();
  usePageTitle('Newsletters');
  return (
    <div className={PAGE}>
      <header className={HEADER}>
        <h1 className={H1}>Newsletters</h1>
        <p className="mt-2 text-slate-700">
          Our journalism in your inbox. Choose what you want to receive: we send a link to confirm, and every e-mail lets you change your
          mind in one click. No tracking pixels.
        </p>
      </header>
      <Answer />
      {list.isPending ? (
        <LoadingText>Loading newsletters...</LoadingText>
      ) : list.isError ? (
        <ErrorBox>{errorMessage(list.error, 'Failed to load the newsletters')}</ErrorBox>
      ) : (
        <form method="post" action={paths.newsletterSubscribe} className="space-y-6" data-newsletter-form="">
          <fieldset>
            <legend className="mb-3 font-semibold text-slate-900">Choose your newsletters</legend>
            <Choices newsletters={list.data.newsletters} checked={(slug) => slug === list.data.newsletters[0]?.slug} />
          </fieldset>
          <div>
            <label htmlFor="newsletters-email" className="mb-1 block font-semibold text-slate-900">
              Email address
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <SubscriberEmail id="newsletters-email" />
              <button type="submit" className={buttonClasses('primary', 'md', 'min-h-11 shrink-0')}>
                Subscribe
              </button>
            </div>
          </div>
          <p className="text-sm text-slate-700" data-newsletter-answer="" aria-live="polite" />
        </form>
      )}
    </div>
  );
}

export function NewsletterPreferencesRoute() {
  const query = new URLSearchParams(useLocation().search);
  const token = query.get('token') ?? '';
  // The e-mails' Unsubscribe link: the page offers to leave everything first.
  const leaving = query.get('leave') === '1' && !query.get('status');
  const prefs = usePreferences(token);
  usePageTitle('Your newsletters');
  return (
    <div className={PAGE}>
      <header className={HEADER}>
        <h1 className={H1}>Your newsletters</h1>
        {prefs.data && <p className="mt-2 text-slate-700">Sent to {prefs.data.email}.</p>}
      </header>
      <Answer />
      {prefs.isPending ? (
        <LoadingText>Loading your newsletters...</LoadingText>
      ) : prefs.isError ? (
        <>
          <ErrorBox>{errorMessage(prefs.error, 'Failed to load your newsletters')}</ErrorBox>
          <p className="mt-4">
            <Link to={paths.newsletters} className="font-medium text-slate-900 underline">
              Subscribe to our newsletters
            </Link>
          </p>
        </>
      ) : (
        <>
          {leaving && prefs.data.subscribed.length > 0 && (
            <form method="post" action={paths.newsletterPreferences} className="mb-8 rounded-lg border border-slate-300 bg-slate-50 p-5">
              <input type="hidden" name="token" value={token} />
              <h2 className="font-serif text-xl font-bold text-slate-900">Unsubscribe from all our newsletters?</h2>
              <p className="mt-1 text-slate-700">We will not send you any e-mail. You can subscribe again at any time.</p>
              <button type="submit" name="action" value="leave" className={buttonClasses('primary', 'md', 'mt-4 min-h-11')}>
                Unsubscribe from all
              </button>
            </form>
          )}
          <form method="post" action={paths.newsletterPreferences} className="space-y-6">
            <input type="hidden" name="token" value={token} />
            <fieldset>
              <legend className="mb-3 font-semibold text-slate-900">What you receive</legend>
              <Choices newsletters={prefs.data.newsletters} checked={(slug) => prefs.data.subscribed.includes(slug)} />
            </fieldset>
            <div className="flex flex-col gap-3 sm:flex-row">
              <button type="submit" name="action" value="save" className={buttonClasses('primary', 'md', 'min-h-11')}>
                Save my choices
              </button>
              <button type="submit" name="action" value="leave" className={buttonClasses('secondary', 'md', 'min-h-11')}>
                Unsubscribe from all
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}

/**
 * /newsletters/confirm?token=…: the confirmation e-mail's link. The button posts the token: a link that confirmed by
 * itself would be confirmed by the mail scanners that open links.
 */
export function NewsletterConfirmRoute() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  usePageTitle('Confirm your subscription');
  return (
    <div className={PAGE}>
      <header className={HEADER}>
        <h1 className={H1}>Confirm your subscription</h1>
        <p className="mt-2 text-slate-700">One more step: press the button to start receiving the newsletters you chose.</p>
      </header>
      <form method="post" action={paths.newsletterConfirm}>
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={buttonClasses('primary', 'md', 'min-h-11')}>
          Confirm my subscription
        </button>
      </form>
    </div>
  );
}
