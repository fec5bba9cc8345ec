import type { Router } from 'express';
import { LIMITS } from '#shared/constants';
import { auditExportQuerySchema, auditQuerySchema } from '#shared/schemas/audit';
import { auditActorsSchema, auditPageSchema } from '#shared/schemas/responses/audit';
import type { AppContext } from '../context';
import { streamCsv } from '../lib/csv';
import { requirePermission } from '../lib/policy';
import { resourceRouter } from '../lib/route';
import { currentSite } from '../settings/settings.service';
import { auditActors, CSV_HEADER, csvRow, exportAudit, listAudit } from './audit.service';

/**
 * The audit log (docs/decisions/067-audit-log.md), for admins: read and exported, never written here. No route
 * changes or removes an entry (and the table's trigger refuses it from anywhere else).
 */
export function auditRouter({ db, cache }: AppContext): Router {
  const { router, route } = resourceRouter('/audit');
  const guard = requirePermission('audit:read');
  const timeZone = async () => (await currentSite(db, cache)).timeZone;

  route(
    {
      method: 'get',
      path: '/',
      summary:
        'A page of the audit log, newest first: who did what to which record, from where, with the fields that changed; filtered by actor (an id, or system), action, targetId and a range of days (from, to) of the newsroom',
      guard,
      query: auditQuerySchema,
      returns: { schema: auditPageSchema, description: `The total counts at most ${LIMITS.auditOffsetMax + LIMITS.auditPageMax} entries` },
    },
    async ({ query }) => listAudit(db, query, await timeZone()),
  );

  route(
    { method: 'get', path: '/actors', summary: 'Everyone who appears in the audit log, for its filter', guard, returns: auditActorsSchema },
    async () => ({ data: await auditActors(db) }),
  );

  route(
    {
      method: 'get',
      path: '/export',
      summary: `The audit log as CSV, newest first, with the same filters (at most ${LIMITS.auditExportMax} entries)`,
      guard,
      query: auditExportQuerySchema,
      produces: 'text/csv',
      returns: { description: 'A CSV file (UTF-8): when, who, role, from where, the action, the target and its changes' },
    },
    async ({ query }, _req, res) => {
      const batches = exportAudit(db, query, await timeZone());
      // The first batch is read before anything is sent: a database that fails answers 503 in the error envelope.
      const first = await batches.next();
      const day = new Date().toISOString().slice(0, 10);
      res.status(200).type('text/csv; charset=utf-8').attachment(`audit-log-${day}.csv`);
      async function* batchesOfRows() {
        yield [CSV_HEADER];
        if (first.done) return;
        yield first.value.map(csvRow);
        for await (const batch of batches) yield batch.map(csvRow);
      }
      await streamCsv(res, batchesOfRows());
    },
  );

  return router;
}
