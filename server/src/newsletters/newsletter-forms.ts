import express, { Router, type Request, type Response } from 'express';
import type { NewsletterFormError, NewsletterFormStatus } from '#shared/newsletter-forms';
import { preferencesInputSchema, subscribeInputSchema } from '#shared/schemas/newsletters';
import type { AppContext } from '../context';
import { clientNetwork } from '../lib/client-network';
import { HttpError } from '../lib/errors';
import { enforce } from '../lib/rate-limit';
import { sameSiteOnly } from '../lib/same-site';
import { CONFIRM_EXPIRED, LINK_FAILURE } from './links';
import { activeNewsletters, SUBSCRIBES_PER_NETWORK_PER_HOUR, subscriptionsService } from './subscriptions.service';

/**
 * The reader's newsletter forms, which work without JavaScript (docs/decisions/069-newsletters.md): each is posted here
 * as a plain form, does what the API would, and moves the browser (303) to the page that shows what happened. The
 * confirmation page's button posts here too: it confirms, then moves to the subscriber's preferences.
 */
export function newsletterForms(ctx: AppContext): Router {
  const router = Router();
  const subscriptions = subscriptionsService(ctx);
  // A post from another site's page would make each of its visitors sign addresses up from their own network.
  router.post('/newsletters/*path', sameSiteOnly(ctx.config.publicUrl));
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 100 });
  const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

  /** Moves to `path` with what happened; a refusal of the API becomes its message's key. */
  const answer = (res: Response, path: string, query: Record<string, string>) => {
    res.set('Cache-Control', 'no-store');
    res.redirect(303, `${path}?${new URLSearchParams(query)}`);
  };
  const failure = (err: unknown): NewsletterFormError => {
    if (!(err instanceof HttpError)) throw err;
    if (err.status === 429) return 'too-many';
    if (err.message === CONFIRM_EXPIRED) return 'expired';
    if (err.message === LINK_FAILURE) return 'link';
    // What is left of a 400 once the form was parsed: a newsletter that is none (any more).
    return err.status === 400 ? 'choose' : 'failed';
  };

  router.post('/newsletters/subscribe', form, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    // The home and article pages' box (`box`) names no newsletter: the newsroom's first.
    let slugs = list(body.newsletters);
    if (slugs.length === 0 && body.box === '1') slugs = (await activeNewsletters(ctx.db)).slice(0, 1).map((n) => n.slug);
    const parsed = subscribeInputSchema.safeParse({ email: body.email, newsletters: slugs });
    if (!parsed.success) {
      const emailWrong = parsed.error.issues.some((i) => i.path[0] === 'email');
      return answer(res, '/newsletters', { error: emailWrong ? 'invalid-email' : 'choose' });
    }
    try {
      await enforce(
        ctx.limits,
        `newsletter:subscribe:${clientNetwork(req)}`,
        SUBSCRIBES_PER_NETWORK_PER_HOUR,
        3_600_000,
        'Too many sign-ups',
      );
      // A form carries no session: a signed-in reader's one click is the island's, through the API.
      await subscriptions.subscribe(parsed.data, undefined);
      answer(res, '/newsletters', { status: 'check-inbox' satisfies NewsletterFormStatus });
    } catch (err) {
      answer(res, '/newsletters', { error: failure(err) });
    }
  });

  // The e-mail's link opens a page whose button posts here (a link that confirmed by itself would be confirmed by the
  // mail scanners that open links).
  router.post('/newsletters/confirm', form, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      const { preferencesToken } = await subscriptions.confirm(typeof body.token === 'string' ? body.token : '');
      answer(res, '/newsletters/preferences', { token: preferencesToken, status: 'confirmed' satisfies NewsletterFormStatus });
    } catch (err) {
      answer(res, '/newsletters', { error: failure(err) });
    }
  });

  router.post('/newsletters/preferences', form, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    const leave = body.action === 'leave';
    const parsed = preferencesInputSchema.safeParse({ token, newsletters: leave ? [] : list(body.newsletters) });
    if (!parsed.success) return answer(res, '/newsletters', { error: 'link' });
    try {
      await subscriptions.updatePreferences(parsed.data);
      const left = parsed.data.newsletters.length === 0;
      answer(res, '/newsletters/preferences', { token, status: (left ? 'left' : 'saved') satisfies NewsletterFormStatus });
    } catch (err) {
      const error = failure(err);
      answer(res, error === 'choose' ? '/newsletters/preferences' : '/newsletters', error === 'choose' ? { token, error } : { error });
    }
  });

  return router;
}
