import http from 'node:http';

export type Answer = { status: number; body: unknown } | { error: string };

/** Sockets one burst may open at once: many concurrent requests, without one socket per request. */
export const burstAgent = () => new http.Agent({ keepAlive: true, maxSockets: 200 });

/** POSTs JSON through `agent`. A connection that fails (refused, reset) is an answer too, not a throw. */
export function postJson(agent: http.Agent, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.on('error', (err) => resolve({ error: err.message }));
    req.end(JSON.stringify(body));
  });
}
