import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';

/**
 * Sends CSV, a batch of rows at a time, after the caller has set the status and headers (the audit log's export and the
 * reports'). A cell that a spreadsheet would run as a formula (=, +, -, @) is written as text. The pipeline waits for
 * the client to take each batch, and stops reading when it goes away.
 */
export async function streamCsv(res: Response, batches: AsyncIterable<string[][]> | Iterable<string[][]>): Promise<void> {
  async function* text() {
    for await (const rows of batches) yield stringify(rows, { escape_formulas: true });
  }
  await pipeline(Readable.from(text()), res).catch((err: unknown) => {
    if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
  });
}
