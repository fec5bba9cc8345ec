import type { Router } from 'express';
import { z } from 'zod';
import {
  confirmInputSchema,
  preferencesInputSchema,
  subscribeInputSchema,
  editionSchema,
  editionSendSchema,
  newsletterCreateSchema,
  newsletterEditSchema,
  subscriberImportSchema,
  subscriberListQuerySchema,
  suppressionInputSchema,
  tokenQuerySchema,
} from '#shared/schemas/newsletters';
import { messageSchema } from '#shared/schemas/responses/common';
import {
  editionPreviewSchema,
  newsletterIssueSchema,
  newsletterSchema,
  newsletterListSchema,
  newsletterOverviewSchema,
  preferencesSchema,
  subscriberImportResultSchema,
  subscriberListSchema,
  subscriberSchema,
} from '#shared/schemas/responses/newsletters';
import type { AppContext } from '../context';
import { refuseCaching, Tags } from '../lib/cache-scope';
import { clientNetwork } from '../lib/client-network';
import { publicRoute, requirePermission } from '../lib/policy';
import { badRequest } from '../lib/errors';
import { enforce } from '../lib/rate-limit';
import { idParams, none, resourceRouter } from '../lib/route';
import { streamCsv } from '../lib/csv';
import { issueProgress } from './delivery.service';
import {
  allSubscribers,
  createNewsletter,
  deleteNewsletter,
  editNewsletter,
  listSubscribers,
  newsletterOverview,
  removeSubscriber,
  setSuppression,
} from './newsletters-admin.service';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importSubscribers, receiveCsv } from './subscriber-import.service';
import { previewEdition, sendEdition, sendTestEdition } from './editions.service';

/** Tests of a special edition one editor may send themselves an hour. */
export const TESTS_PER_HOUR = 20;
/** Imports of subscribers one admin may make an hour. */
const IMPORTS_PER_HOUR = 20;
import { sendBreakingAlert } from './digests.service';
import {
  activeNewsletters,
  brandOf,
  CONFIRM_MAILS_PER_ADDRESS_PER_HOUR,
  SUBSCRIBES_PER_NETWORK_PER_HOUR,
  subscriptionsService,
} from './subscriptions.service';

/** Token-bearing answers name a subscriber: never kept by a cache, never sent on as a referrer. */
const PRIVATE = 'private, no-store';

/** Newsletters (docs/decisions/069-newsletters.md): subscribing with double opt-in, preferences, one-click leaving, alerts. */
export function newslettersRouter(ctx: AppContext): Router {
  const { router, route } = resourceRouter('/newsletters');
  const subscriptions = subscriptionsService(ctx);
  const send = requirePermission('newsletters:send');
  const manage = requirePermission('newsletters:manage');

  route(
    {
      method: 'get',
      path: '/',
      summary: "List the newsletters readers may subscribe to, in the newsroom's order",
      guard: publicRoute,
      returns: newsletterListSchema,
      cacheTags: () => [Tags.newsletters, Tags.categories],
    },
    async () => ({ newsletters: await activeNewsletters(ctx.db) }),
  );

  route(
    {
      method: 'post',
      path: '/subscribe',
      summary:
        "Subscribe an address to newsletters: a signed-in reader's own verified address at once; any other is sent a link to confirm (double opt-in), with the same answer whether the address was known or not",
      guard: publicRoute,
      body: subscribeInputSchema,
      status: 202,
      returns: z.object({
        message: z.string(),
        confirmed: z.boolean().describe('true: subscribed now; false: a confirmation link was sent'),
      }),
      errors: {
        400: 'An unknown or inactive newsletter',
        429: `${CONFIRM_MAILS_PER_ADDRESS_PER_HOUR} confirmation links were sent to this address in the last hour, or ${SUBSCRIBES_PER_NETWORK_PER_HOUR} sign-ups came from this network (Retry-After)`,
      },
      purges: none,
    },
    async ({ body, user }, req) => {
      await enforce(
        ctx.limits,
        `newsletter:subscribe:${clientNetwork(req)}`,
        SUBSCRIBES_PER_NETWORK_PER_HOUR,
        3_600_000,
        'Too many sign-ups came from your network. Please try again later.',
      );
      return subscriptions.subscribe(body, user);
    },
  );

  route(
    {
      method: 'post',
      path: '/confirm',
      summary: "Confirm a subscription with the token of the confirmation e-mail's link (valid 7 days; using it again changes nothing)",
      guard: publicRoute,
      body: confirmInputSchema,
      returns: z.object({ message: z.string(), preferencesToken: z.string().describe("The token of the subscriber's preferences") }),
      errors: { 400: 'A token that is not valid, or expired' },
      purges: none,
    },
    async ({ body }, _req, res) => {
      res.set('Cache-Control', PRIVATE);
      return subscriptions.confirm(body.token);
    },
  );

  route(
    {
      method: 'get',
      path: '/preferences',
      summary: "A subscriber's address and newsletters, by the token of the links in every newsletter",
      guard: publicRoute,
      query: tokenQuerySchema,
      returns: preferencesSchema,
      errors: { 400: 'A token that is not valid, or of a subscriber removed since' },
    },
    async ({ query }, _req, res) => {
      res.set('Cache-Control', PRIVATE);
      // Nor the page that shows it (read in process: reader/internal-api.ts).
      refuseCaching();
      return subscriptions.preferences(query.token);
    },
  );

  route(
    {
      method: 'put',
      path: '/preferences',
      summary: "Set the newsletters a subscriber receives (none: leave them all), by the token of their e-mails' links",
      guard: publicRoute,
      body: preferencesInputSchema,
      returns: messageSchema,
      errors: { 400: 'A token that is not valid, or an unknown newsletter' },
      purges: none,
    },
    async ({ body }, _req, res) => {
      res.set('Cache-Control', PRIVATE);
      return subscriptions.updatePreferences(body);
    },
  );

  route(
    {
      method: 'post',
      path: '/unsubscribe',
      summary: "Leave every newsletter: the List-Unsubscribe address of every newsletter (RFC 8058's one-click POST; its body is not read)",
      guard: publicRoute,
      query: tokenQuerySchema,
      returns: messageSchema,
      errors: { 400: 'A token that is not valid' },
      purges: none,
    },
    async ({ query }, _req, res) => {
      res.set('Cache-Control', PRIVATE);
      return subscriptions.unsubscribeAll(query.token);
    },
  );

  route(
    {
      method: 'post',
      path: '/breaking',
      summary: 'E-mail a published breaking-news headline to the subscribers of breaking-news alerts (once per headline)',
      guard: send,
      body: z.object({ breakingNewsId: z.uuid({ error: 'breakingNewsId must be the id of a breaking-news headline' }) }),
      status: 202,
      returns: z.object({ issueId: z.string() }),
      errors: {
        404: 'No such headline',
        409: 'The headline is not on the ticker, was sent already, or there is no active alerts newsletter',
      },
      purges: none,
    },
    async ({ body, user }) => ({ issueId: await sendBreakingAlert(ctx.db, await brandOf(ctx), body.breakingNewsId, user.id) }),
  );

  route(
    {
      method: 'get',
      path: '/issues/:id',
      summary: "An issue's sending: its recipients by state",
      guard: send,
      params: idParams,
      returns: newsletterIssueSchema,
      errors: { 404: 'No such issue' },
    },
    async ({ params }) => issueProgress(ctx.db, params.id),
  );

  route(
    {
      method: 'get',
      path: '/overview',
      summary: 'Every newsletter with its subscribers over the last 30 days, and the newest issues with their sending',
      guard: send,
      returns: newsletterOverviewSchema,
    },
    () => newsletterOverview(ctx.db),
  );

  route(
    {
      method: 'get',
      path: '/subscribers',
      summary: 'Subscribers, newest first: those whose address holds q, or only the suppressed ones',
      guard: manage,
      query: subscriberListQuerySchema,
      returns: subscriberListSchema,
    },
    ({ query }) => listSubscribers(ctx.db, query),
  );

  route(
    {
      method: 'get',
      path: '/subscribers/export',
      summary: 'Every subscriber as CSV: address, consent date, how they consented, newsletters, suppression',
      guard: manage,
      produces: 'text/csv',
      returns: { description: 'text/csv, subscribers-<date>.csv' },
    },
    async (_input, _req, res) => {
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .attachment(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
      await streamCsv(
        res,
        (async function* () {
          yield [['email', 'consented_at', 'source', 'newsletters', 'suppressed_at', 'suppressed_reason']];
          for await (const batch of allSubscribers(ctx.db))
            yield batch.map((s) => [
              s.email,
              s.consentedAt,
              s.source,
              s.newsletters.join(' '),
              s.suppressedAt ?? '',
              s.suppressedReason ?? '',
            ]);
        })(),
      );
    },
  );

  route(
    {
      method: 'post',
      path: '/subscribers/import',
      summary:
        'Import subscribers from CSV (columns email, consented_at and optionally newsletters, suppressed_at, suppressed_reason, as the export writes them): every row is checked first, and a file with a wrong row changes nothing',
      guard: manage,
      file: 'file',
      before: [
        (req, _res, next) =>
          enforce(
            ctx.limits,
            `newsletter:import:${req.user?.id ?? ''}`,
            IMPORTS_PER_HOUR,
            3_600_000,
            `At most ${IMPORTS_PER_HOUR} imports an hour. Please try again later.`,
          ).then(() => next(), next),
        receiveCsv('file'),
      ],
      body: subscriberImportSchema,
      returns: subscriberImportResultSchema,
      errors: {
        400: `Not CSV, a missing column, a wrong row (each named), or more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows`,
        413: `A file larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
        429: `${IMPORTS_PER_HOUR} imports an hour`,
      },
      purges: none,
    },
    async ({ body, user }, req) => {
      if (!req.file) throw badRequest('Send the CSV file in the field "file"', ['file: a CSV file is required']);
      return importSubscribers(ctx.db, user, req.file.buffer, body.newsletters);
    },
  );

  route(
    {
      method: 'delete',
      path: '/subscribers/:id',
      summary: 'Remove a subscriber and everything kept about them (their subscriptions and deliveries)',
      guard: manage,
      params: idParams,
      returns: messageSchema,
      errors: { 404: 'No such subscriber' },
      purges: none,
    },
    async ({ params }) => {
      await removeSubscriber(ctx.db, params.id);
      return { message: 'Subscriber removed' };
    },
  );

  route(
    {
      method: 'post',
      path: '/subscribers/:id/suppression',
      summary: 'Put an address on the suppression list (nothing is sent to it) with a reason, or take it off (reason null)',
      guard: manage,
      params: idParams,
      body: suppressionInputSchema,
      returns: subscriberSchema,
      errors: { 404: 'No such subscriber' },
      purges: none,
    },
    ({ params, body }) => setSuppression(ctx.db, params.id, body.reason),
  );

  route(
    {
      method: 'put',
      path: '/:id',
      summary: 'Edit a newsletter: its name, description, sender, hour (and weekday), article count, order, and whether it is active',
      guard: manage,
      params: idParams,
      body: newsletterEditSchema,
      returns: newsletterSchema,
      errors: { 404: 'No such newsletter' },
      purges: () => [Tags.newsletters],
    },
    ({ params, body, user }) => editNewsletter(ctx.db, user, params.id, body),
  );

  route(
    {
      method: 'post',
      path: '/',
      summary: 'Create a daily or weekly digest (its slug follows the name; a category digest comes with its category)',
      guard: manage,
      body: newsletterCreateSchema,
      status: 201,
      returns: newsletterSchema,
      purges: () => [Tags.newsletters],
    },
    ({ body, user }) => createNewsletter(ctx.db, user, body),
  );

  route(
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a daily or weekly newsletter with its subscriptions and issues',
      guard: manage,
      params: idParams,
      returns: messageSchema,
      errors: {
        404: 'No such newsletter',
        409: "A category's digest or the breaking-news alerts (pause them instead), or an issue still to be sent",
      },
      purges: () => [Tags.newsletters],
    },
    async ({ params, user }) => {
      await deleteNewsletter(ctx.db, user, params.id);
      return { message: 'Newsletter deleted' };
    },
  );

  route(
    {
      method: 'post',
      path: '/:id/preview',
      summary: 'A special edition as readers will get it: its subject, HTML and text (its links to preferences lead to /newsletters)',
      guard: send,
      params: idParams,
      body: editionSchema,
      returns: editionPreviewSchema,
      errors: { 400: 'An article that is not published, or neither intro nor articles', 404: 'No such newsletter' },
      purges: none,
    },
    async ({ params, body }) => previewEdition(ctx.db, await brandOf(ctx), params.id, body),
  );

  route(
    {
      method: 'post',
      path: '/:id/test',
      summary: "Send a special edition to the caller's own address only, its subject marked [Test]",
      guard: send,
      params: idParams,
      body: editionSchema,
      returns: messageSchema,
      errors: { 400: 'An article that is not published', 404: 'No such newsletter', 429: `${TESTS_PER_HOUR} tests an hour` },
      purges: none,
    },
    async ({ params, body, user }) => {
      await enforce(
        ctx.limits,
        `newsletter:test:${user.id}`,
        TESTS_PER_HOUR,
        3_600_000,
        `At most ${TESTS_PER_HOUR} tests an hour. Please try again later.`,
      );
      return sendTestEdition(ctx.db, ctx.mailer, await brandOf(ctx), params.id, body, user.email);
    },
  );

  route(
    {
      method: 'post',
      path: '/:id/issues',
      summary: "Send a special edition to the newsletter's subscribers: now, or at sendAt (within a year)",
      guard: send,
      params: idParams,
      body: editionSendSchema,
      status: 202,
      returns: z.object({ issueId: z.string() }),
      errors: { 400: 'An article that is not published, a past time, or a paused newsletter', 404: 'No such newsletter' },
      purges: none,
    },
    async ({ params, body, user }) => sendEdition(ctx.db, await brandOf(ctx), params.id, body, user.id),
  );

  return router;
}
