import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Request, RequestHandler, Response } from 'express';
import type { RenderResult, describe as describePage, render as renderPage } from '#client/entry-server';
import { HEAD_MARKERS, PAGE_PATH_MAX, type PageHead } from '#shared/page-head';
import { brandParts } from '#shared/schemas/settings';
import type { AppContext } from '../context';
import { siteOrFallback } from '../settings/settings.service';
import { escapeHtml } from '../articles/share-page';
import { buildHead, buildShellHead, siteInfo } from './head';
import { newestDateIn } from './last-modified';
import { internalApi } from './internal-api';
import { scriptJson } from './script-json';
import { refuseCaching } from '../lib/cache-scope';
import { badRequest } from '../lib/errors';
import { setLastModified } from '../lib/last-modified';
import { loggableUrl } from '../lib/logger';
import { shareGzipPart } from '../cache/response-cache';

type Renderer = { render: typeof renderPage; describe: typeof describePage; STATE_ELEMENT_ID: string };

/** The HTML template (client/index.html, as built) cut at its markers: see the comments in that file. */
interface Template {
  /** Up to the default head. */
  start: string;
  /** From the end of the head to the opening of #root (the build's script and stylesheet links). */
  middle: string;
  /** The shell that the browser-rendered pages show until their script runs. */
  shell: string;
  /** From the close of #root to the end. */
  end: string;
  /**
   * The same with the stylesheet inlined, for the server's pages (see inlineStylesheets), as bytes: the same on every
   * reader page, the response cache compresses them once, and each page only around them
   * (docs/decisions/070-cold-renders.md).
   */
  middleInlined: Buffer;
}

/** `read` gives the built stylesheets' text, to inline them in reader pages (see inlineStylesheets). */
export function splitTemplate(html: string, read?: (href: string) => string | null): Template {
  const cut = (text: string, marker: string): [string, string] => {
    const at = text.indexOf(marker);
    if (at === -1) throw new Error(`The HTML template has no ${marker}`);
    return [text.slice(0, at), text.slice(at + marker.length)];
  };
  const [start, afterHeadStart] = cut(html, `<!--${HEAD_MARKERS.start}-->`);
  // The template's own head (the build's default) gives way to each page's, the shell's included (buildShellHead).
  const [, afterHead] = cut(afterHeadStart, `<!--${HEAD_MARKERS.end}-->`);
  const [middle, afterAppStart] = cut(afterHead, '<!--app:start-->');
  const [shell, end] = cut(afterAppStart, '<!--app:end-->');
  const middleInlined = Buffer.from(read ? inlineStylesheets(middle, read) : middle);
  return { start, middle, middleInlined, shell, end };
}

/**
 * The built stylesheet (~9 KB compressed) written into the page instead of linked: a first visit paints
 * with the HTML's own bytes, without waiting for one more request on a slow phone connection.
 */
export function inlineStylesheets(head: string, read: (href: string) => string | null): string {
  return head.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const css = read(href);
    return css === null ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** The shell with the site's name as its brand (between the comments client/index.html marks it with). */
export function brandedShell(shell: string, name: string): string {
  const start = shell.indexOf('<!--brand:start-->');
  const end = shell.indexOf('<!--brand:end-->');
  if (start === -1 || end === -1) return shell;
  const { lead, accent } = brandParts(name);
  const brand = accent === null ? escapeHtml(lead) : `${escapeHtml(lead)} <span class="text-brand">${escapeHtml(accent)}</span>`;
  return shell.slice(0, start) + brand + shell.slice(end + '<!--brand:end-->'.length);
}

/** The page's own head tags, between the comments the browser finds them by on in-app navigation (shared/page-head.ts). */
const marked = (head: string) => `<!--${HEAD_MARKERS.start}-->${head}<!--${HEAD_MARKERS.end}-->`;

/** Where the template and the renderer come from: the build, or Vite's dev server with hot reload. */
interface Source {
  load(url: string): Promise<{ template: Template; renderer: Renderer }>;
  middleware?: RequestHandler;
}

function builtSource(ctx: AppContext): Source {
  const template = splitTemplate(readFileSync(`${ctx.config.clientDist}/index.html`, 'utf8'), (href) => {
    try {
      return readFileSync(`${ctx.config.clientDist}${href}`, 'utf8');
    } catch {
      return null;
    }
  });
  shareGzipPart(template.middleInlined);
  let renderer: Promise<Renderer> | undefined;
  return {
    load: async () => {
      renderer ??= import(pathToFileURL(ctx.config.clientRenderer).href) as Promise<Renderer>;
      return { template, renderer: await renderer };
    },
  };
}

function viteSource(ctx: AppContext): Source {
  const vite = import('vite').then(({ createServer }) =>
    createServer({
      configFile: `${ctx.config.clientRoot}/vite.config.ts`,
      root: ctx.config.clientRoot,
      server: { middlewareMode: true },
      appType: 'custom',
    }),
  );
  return {
    middleware: (req, res, next) => {
      vite.then((server) => server.middlewares(req, res, next), next);
    },
    load: async (url) => {
      const server = await vite;
      const html = await server.transformIndexHtml(url, readFileSync(`${ctx.config.clientRoot}/index.html`, 'utf8'));
      const renderer = (await server.ssrLoadModule('/src/entry-server.tsx')) as Renderer;
      const template = splitTemplate(html);
      // The same bytes as the last page's but after an edit: a change is added, the oldest of a few dropped.
      shareGzipPart(template.middleInlined);
      return { template, renderer };
    },
  };
}

/**
 * The reader's pages, rendered on the server (docs/decisions/025-server-rendering.md): every path that
 * is not the API, an upload or a file of the build. Reader routes answer complete HTML with their head,
 * status and data; the dashboard and the auth screens answer the shell the browser renders.
 */
export function readerPages(ctx: AppContext): { assets?: RequestHandler; pages: RequestHandler; head: RequestHandler } {
  const { config, logger } = ctx;
  const source = config.viteDev ? viteSource(ctx) : builtSource(ctx);
  // With the cache off, nothing is kept between requests but the lists' totals: the reads are made for each page.
  const transport = internalApi({ remember: config.responseCache.store === 'off' ? undefined : ctx.cache.remember });
  /**
   * The site settings, as this page's head shows them. Nothing is tagged for them: a save purges everything
   * (server/src/settings), and a tag would make the app's shell, which is never stored, storable.
   */
  const site = async () => siteInfo(config.publicUrl, await siteOrFallback(ctx.db, ctx.cache, logger));

  const pages: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const { template, renderer } = await source.load(req.originalUrl);
    let result: RenderResult;
    try {
      result = await renderer.render({
        url: req.originalUrl,
        origin: config.publicUrl,
        transport,
        onError: (err) => {
          refuseCaching();
          logger.error({ err, url: loggableUrl(req.originalUrl) }, 'a reader page failed to render on the server');
        },
      });
    } catch (err) {
      // The browser can still render the page: a failure here is logged and the shell is sent.
      refuseCaching();
      logger.error({ err, url: loggableUrl(req.originalUrl) }, 'a reader page could not be rendered on the server');
      result = { type: 'client' };
    }
    if (result.type === 'redirect') {
      const query = req.originalUrl.indexOf('?');
      res.redirect(301, result.location + (result.query ?? (query === -1 ? '' : req.originalUrl.slice(query))));
      return;
    }
    res.set('Cache-Control', 'no-cache');
    if (result.type === 'client') {
      const info = await site();
      const head = buildShellHead(req.path, info);
      res.type('html').send(template.start + marked(head) + template.middle + brandedShell(template.shell, info.name) + template.end);
      return;
    }
    sendPage(req, res, template, result, marked(buildHead(result.page, await site())), renderer.STATE_ELEMENT_ID);
  };

  /**
   * GET /api/page-head?path=/article/…: the head tags of the page at `path`, the very tags its HTML would
   * carry, for the browser to put in place after moving there by itself (docs/decisions/051-head-on-navigation.md).
   * The page's loads run as for the page, without rendering it; its old addresses answer the head of the new one.
   */
  const head: RequestHandler = async (req, res) => {
    const path = pagePath(req.query.path);
    const { renderer } = await source.load(path);
    let found = await renderer.describe({ url: path, origin: config.publicUrl, transport });
    if (found.type === 'redirect')
      found = await renderer.describe({ url: found.location + (found.query ?? ''), origin: config.publicUrl, transport });
    const pathname = new URL(path, config.publicUrl).pathname;
    const info = await site();
    const answer: PageHead = {
      head:
        found.type === 'page'
          ? buildHead(found.page, info)
          : found.type === 'client'
            ? buildShellHead(pathname, info)
            : // Moved twice: no page of its own to describe.
              buildHead({ kind: 'not-found' }, info),
    };
    res.set('Cache-Control', 'no-cache').json(answer);
  };
  return { assets: source.middleware, pages, head };
}

/** The `path` a head is asked for: a path of this site (with its query, if any), as the browser's location has it. */
function pagePath(value: unknown): string {
  if (typeof value !== 'string' || !value) throw badRequest('path is required: the address of a page of this site, /article/… say');
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    throw badRequest('path must be a path of this site, starting with a single /');
  if (value.length > PAGE_PATH_MAX) throw badRequest(`path must be at most ${PAGE_PATH_MAX} characters`);
  return value;
}

function sendPage(
  req: Request,
  res: Response,
  template: Template,
  page: Extract<RenderResult, { type: 'page' }>,
  head: string,
  stateId: string,
): void {
  res.status(page.status).type('html');
  if (page.status >= 500) res.set('Retry-After', '30');
  // What the page shows last changed then: a client holding it since asks If-Modified-Since and gets a 304.
  if (page.status === 200) setLastModified(res, newestDateIn(page.data));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const state = `<script type="application/json" id="${stateId}">${scriptJson(page.state)}</script>`;
  const bodyEnd = template.end.lastIndexOf('</body>');
  const end = bodyEnd === -1 ? template.end + state : template.end.slice(0, bodyEnd) + state + template.end.slice(bodyEnd);
  // Its length said: nothing downstream counts the page's characters again (the compression middleware would).
  const body = Buffer.concat([Buffer.from(template.start + head), template.middleInlined, Buffer.from(page.html + end)]);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
