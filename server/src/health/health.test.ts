import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/app';

const { app } = await createTestApp();

describe('health and wire conventions', () => {
  it('answers /healthz and /readyz when the database is up', async () => {
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.database).toBe('ok');
  });

  it('answers unknown /api paths with a JSON 404 in the error envelope', async () => {
    const res = await request(app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({ error: 'Not Found', message: expect.any(String) });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request(app).post('/api/anything').set('Content-Type', 'application/json').send('{"broken":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
  });

  it('refuses JSON bodies over 1 MB with 413', async () => {
    const res = await request(app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ big: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
  });

  it('sends security headers with a script CSP that has no unsafe-inline', async () => {
    const res = await request(app).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
