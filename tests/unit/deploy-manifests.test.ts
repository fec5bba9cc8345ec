import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { STREAM_LIMITS } from '../../server/src/breaking-news/live-feed';
import { CONFIG_KEYS } from '../../server/src/config';

/**
 * Issue 13: the Kubernetes manifests in deploy/k8s are parsed and cross-checked, so that a renamed label,
 * port, probe path or setting fails here rather than in a newsroom's cluster.
 */
const DIR = path.resolve(import.meta.dirname, '../../deploy/k8s');
type Doc = { kind: string; metadata: { name: string }; [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
const docs: (Doc & { file: string })[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(DIR, file), 'utf8')).map((d) => {
    expect(d.errors, file).toEqual([]);
    return { ...(d.toJS() as Doc), file };
  }),
);
const one = (kind: string) => {
  const found = docs.filter((d) => d.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('deploy/k8s', () => {
  const deployment = one('Deployment');
  const pod = deployment.spec.template;
  const container = pod.spec.containers[0];
  const configMap = one('ConfigMap');
  const secret = one('Secret');

  it('has every kind the cluster needs, and kustomization lists every manifest but the Secret template', () => {
    for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Job', 'ConfigMap', 'Secret', 'Kustomization'])
      one(kind);
    const listed = one('Kustomization').resources as string[];
    expect([...listed].sort()).toEqual(files.filter((f) => f !== 'kustomization.yaml' && f !== 'secret.example.yaml').sort());
  });

  it('probes /readyz and /healthz on the port the app listens on, which the Service targets', () => {
    const port = container.ports.find((p: { name: string }) => p.name === 'http');
    expect(String(port.containerPort)).toBe(configMap.data.PORT);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    const service = one('Service');
    expect(matches(service.spec.selector, pod.metadata.labels)).toBe(true);
    expect(service.spec.ports[0].targetPort).toBe('http');
    const ingresses = docs.filter((d) => d.kind === 'Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    for (const ingress of ingresses) {
      const backend = ingress.spec.rules[0].http.paths[0].backend.service;
      expect(backend, ingress.metadata.name).toEqual({ name: service.metadata.name, port: { name: service.spec.ports[0].name } });
    }
  });

  it('gives the live ticker an Ingress of its own: unbuffered, read past its heartbeat, a few streams per client (docs/decisions/040)', () => {
    const live = docs.find((d) => d.kind === 'Ingress' && d.spec.rules[0].http.paths[0].path === '/api/breaking-news/stream')!;
    expect(live).toBeDefined();
    expect(live.spec.rules[0].http.paths[0].pathType).toBe('Exact');
    const { annotations } = live.metadata as { name: string; annotations: Record<string, string> };
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) * 1000).toBeGreaterThanOrEqual(
      2 * STREAM_LIMITS.heartbeatMs,
    );
    expect(Number(annotations['nginx.ingress.kubernetes.io/limit-connections'])).toBe(STREAM_LIMITS.perNetwork);
  });

  it('selects the Deployment’s pods from the autoscaler and the disruption budget', () => {
    expect(matches(deployment.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(one('HorizontalPodAutoscaler').spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name });
    expect(matches(one('PodDisruptionBudget').spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(one('HorizontalPodAutoscaler').spec.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('gives a stopping pod longer than its drain and its own stop', () => {
    const drainMs = Number(configMap.data.SHUTDOWN_DELAY_MS);
    expect(drainMs).toBeGreaterThan(0);
    // The app's own stop after the drain takes at most 4.5 s (server/src/main.ts).
    expect(pod.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(drainMs + 5_000);
  });

  it('sets only settings the app knows, from the ConfigMap and the Secret both pods read', () => {
    const known = new Set(CONFIG_KEYS);
    for (const key of [...Object.keys(configMap.data), ...Object.keys(secret.stringData)]) expect(known.has(key), key).toBe(true);
    for (const spec of [pod.spec, one('Job').spec.template.spec]) {
      const refs = spec.containers[0].envFrom.map((e: { configMapRef?: { name: string }; secretRef?: { name: string } }) => e.configMapRef?.name ?? e.secretRef?.name);
      expect(refs.sort()).toEqual([configMap.metadata.name, secret.metadata.name].sort());
    }
    expect(one('Job').spec.template.spec.containers[0].command).toEqual(['node', 'server/dist/main.js', 'migrate']);
  });

  it('ships no secret: every value of the Secret template is a placeholder', () => {
    for (const [key, value] of Object.entries(secret.stringData as Record<string, string>)) expect(value, key).toBe('CHANGE_ME');
  });

  it('mounts a writable folder wherever the app writes, with a read-only root', () => {
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    const mounts = container.volumeMounts.map((m: { mountPath: string }) => m.mountPath);
    expect(mounts).toEqual(expect.arrayContaining(['/app/uploads', '/app/.data', '/tmp']));
  });
});

describe('docker-compose.cluster.yml', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const doc = parseAllDocuments(readFileSync(path.join(root, 'docker-compose.cluster.yml'), 'utf8'))[0]!;
  const compose = doc.toJS() as { services: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const app = compose.services.app;

  it('runs several replicas on shared Redis and S3, with a secret it insists on and a drain', () => {
    expect(doc.errors).toEqual([]);
    expect(app.deploy.replicas).toMatch(/^\$\{REPLICAS:-[3-9]\}$/);
    expect(app.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(app.environment.S3_ENDPOINT).toBe('http://minio:9000');
    expect(app.environment.S3_BUCKET).toBeTruthy();
    expect(app.environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(Number(app.environment.SHUTDOWN_DELAY_MS)).toBeGreaterThan(0);
    // Compose's stop timeout is above the drain and the app's own stop.
    expect(Number(String(app.stop_grace_period).replace(/s$/, '')) * 1000).toBeGreaterThan(Number(app.environment.SHUTDOWN_DELAY_MS) + 5_000);
    const known = new Set(CONFIG_KEYS);
    for (const key of Object.keys(app.environment)) expect(known.has(key), key).toBe(true);
    for (const service of ['balancer', 'redis', 'minio', 'bucket']) expect(compose.services[service], service).toBeDefined();
    // The bucket the app uses is the one the one-shot service creates.
    expect(compose.services.bucket.entrypoint.join(' ')).toContain(`local/${app.environment.S3_BUCKET}`);
  });

  it('balances with HAProxy, checking each replica’s /readyz on the port the app listens on', () => {
    const mount = (compose.services.balancer.volumes as string[]).find((v) => v.includes('haproxy.cfg'))!;
    const cfg = readFileSync(path.join(root, mount.split(':')[0]!), 'utf8');
    expect(cfg).toMatch(/http-check send meth GET uri \/readyz/);
    expect(cfg).toMatch(/server-template app \d+ app:3000/);
    const [, inside] = (compose.services.balancer.ports[0] as string).match(/:(\d+)$/)!;
    expect(cfg).toContain(`bind :${inside}`);
  });

  it('keeps idle live-ticker streams from filling the balancer (docs/decisions/040)', () => {
    const cfg = readFileSync(path.join(root, 'deploy/haproxy/haproxy.cfg'), 'utf8');
    const number = (pattern: RegExp) => Number(pattern.exec(cfg)?.[1]);
    const maxconn = number(/^global\n(?:.*\n)*?\s+maxconn (\d+)/m);
    // One source: as many streams across the replicas as one process admits from a network.
    expect(cfg).toContain('acl live_stream path /api/breaking-news/stream\n');
    expect(number(/sc1_conn_cur\(per_source_streams\) gt (\d+)/)).toBe(STREAM_LIMITS.perNetwork);
    expect(cfg).toMatch(/use_backend streams if live_stream/);
    // All sources: streams hold at most half the balancer's connections.
    expect(number(/be_conn\(streams\) ge (\d+)/)).toBeLessThanOrEqual(maxconn / 2);
    expect(number(/sc0_conn_cur\(per_source\) gt (\d+)/)).toBeLessThan(maxconn / 10);
    // A stream's heartbeat comes well within the balancer's idle timeouts, which apply to it (not `timeout tunnel`).
    for (const side of ['client', 'server'])
      expect(number(new RegExp(`timeout ${side} (\\d+)s`)) * 1000).toBeGreaterThanOrEqual(2 * STREAM_LIMITS.heartbeatMs);
    // Two descriptors a connection.
    expect(Number(compose.services.balancer.ulimits.nofile)).toBeGreaterThan(2 * maxconn);
  });
});
