import { Link } from '#client/components/ui/link';
import { buttonClasses } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { cn } from '#client/lib/cn';

/**
 * The newsletter sign-up of the home and article pages (docs/decisions/069-newsletters.md): a plain form that works
 * without JavaScript (the server answers it by moving to /newsletters with what happened); without a choice it
 * subscribes to the newsroom's first newsletter. Signed-in readers subscribe in one click (islands/newsletter-forms.ts).
 */
export function SubscribeBox({ id }: { id: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="font-serif text-xl font-bold text-slate-900">
        Get our newsletter
      </h2>
      <p className="mt-1 text-slate-700">The day&rsquo;s top stories in your inbox every morning. Free, and you can leave at any time.</p>
      <form method="post" action={paths.newsletterSubscribe} className="mt-4 flex flex-col gap-3 sm:flex-row" data-newsletter-form="">
        <input type="hidden" name="box" value="1" />
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <SubscriberEmail id={`${id}-email`} placeholder="you@example.com" className="sm:max-w-xs" />
        <button type="submit" className={buttonClasses('primary', 'md', 'min-h-11')}>
          Subscribe
        </button>
      </form>
      <p className="mt-3 text-sm text-slate-700" data-newsletter-answer="" aria-live="polite">
        <Link to={paths.newsletters} className="font-medium text-slate-900 underline">
          See all our newsletters
        </Link>
      </p>
    </section>
  );
}

/** The address a newsletter form posts (`email`): the box's and the /newsletters page's. */
export function SubscriberEmail({ id, placeholder, className }: { id: string; placeholder?: string; className?: string }) {
  return (
    <input
      id={id}
      name="email"
      type="email"
      required
      autoComplete="email"
      placeholder={placeholder}
      className={cn('min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900', className)}
    />
  );
}
