import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import type { TestApp } from '../helpers/app';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed body when the answer is JSON (undefined otherwise or when it does not parse). */
  json: unknown;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given: no URL normalisation, so `%00`, `%E0%A4%A` or `..%2F` reach the server untouched. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * The app on a real port with a keep-alive agent. supertest and fetch both normalise or re-encode URLs;
 * the robustness tests need the bytes of the request line to be exactly what a hostile client sends.
 */
export async function listen(app: TestApp['app']) {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  afterAll(async () => {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function send({ method, path, headers = {}, body }: RawRequest): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: { ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          if (/text\/event-stream/.test(res.headers['content-type'] ?? '')) {
            // An event stream never ends: its first chunk (the stream opened) is the answer, then it is dropped.
            res.once('data', (c: Buffer) => {
              res.destroy();
              resolve({ status: res.statusCode ?? 0, headers: res.headers, text: c.toString('utf8'), json: undefined });
            });
            return;
          }
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            if (/json/.test(res.headers['content-type'] ?? '')) {
              try {
                json = JSON.parse(text);
              } catch {
                json = undefined;
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  return { send, port };
}

/** A multipart/form-data body with one text field and, optionally, one file part. */
export function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----chronicle${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
