import { DomUtils, parseDocument } from 'htmlparser2';
import request from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from './app';

/** Reading a page the server rendered, as a crawler or a browser without JavaScript gets it. */
type Page = request.Response;

export const html = (res: Page) => parseDocument(res.text);
/** Its visible text, all of it run together. */
export const text = (res: Page) => DomUtils.textContent(html(res));
/** The `href` of each `<link rel>` of the head with this rel. */
export const links = (res: Page, rel: string) =>
  DomUtils.findAll((el) => el.name === 'link' && el.attribs.rel === rel, html(res).children).map((el) => el.attribs.href);
/** The attributes of every `<a>`, and its visible text as `text`. */
export const anchors = (res: Page) =>
  DomUtils.findAll((el) => el.name === 'a', html(res).children).map((el): Record<string, string> => ({
    ...el.attribs,
    text: DomUtils.textContent(el),
  }));
/** Each JSON-LD object of the page. */
export const jsonLd = (res: Page) =>
  DomUtils.findAll((el) => el.name === 'script' && el.attribs.type === 'application/ld+json', html(res).children).map(
    (el) => JSON.parse(DomUtils.textContent(el)) as Record<string, unknown>,
  );
export const title = (res: Page) => DomUtils.textContent(DomUtils.findAll((el) => el.name === 'title', html(res).children));

/** A page that must answer 200: the answer, and its visible text. */
export async function renderedPage(app: TestApp['app'], path: string) {
  const res = await request(app).get(path);
  expect(res.status).toBe(200);
  return { res, body: text(res) };
}
