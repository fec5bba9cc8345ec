import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { buildOpenApiDocument } from '../lib/openapi';
import { publicRoute } from '../lib/policy';
import { resourceRouter } from '../lib/route';
import { REFERENCE_CSS, REFERENCE_HTML } from './reference-page';
import { referenceScript } from './reference-script';

const openApiDocumentSchema = z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) });

/** Mounted at the /api root: the OpenAPI document and the browsable reference that reads it. */
export function docsRouter({ config }: AppContext): Router {
  const { router, route } = resourceRouter('');
  // Routes are all declared before the first request, so the document is built once, on first use.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;

  route(
    {
      method: 'get',
      path: '/openapi.json',
      summary: 'The OpenAPI 3.1 document of this API',
      guard: publicRoute,
      returns: { schema: openApiDocumentSchema, description: 'An OpenAPI 3.1 document' },
    },
    (_input, _req, res) => {
      res.set('Cache-Control', 'public, max-age=300');
      return (document ??= buildOpenApiDocument(config.publicUrl));
    },
  );

  const assets = [
    { path: '/docs', type: 'text/html; charset=utf-8', body: () => REFERENCE_HTML, summary: 'The browsable API reference (HTML)' },
    {
      path: '/docs/reference.js',
      type: 'text/javascript; charset=utf-8',
      body: referenceScript,
      summary: 'Script of the API reference page',
    },
    {
      path: '/docs/reference.css',
      type: 'text/css; charset=utf-8',
      body: () => REFERENCE_CSS,
      summary: 'Stylesheet of the API reference page',
    },
  ];
  for (const asset of assets) {
    route(
      {
        method: 'get',
        path: asset.path,
        summary: asset.summary,
        guard: publicRoute,
        produces: asset.type.split(';')[0],
        returns: { description: asset.summary },
      },
      async (_input, _req, res) => {
        const body = await asset.body();
        res.set('Cache-Control', 'public, max-age=300').type(asset.type).send(body);
      },
    );
  }

  return router;
}
