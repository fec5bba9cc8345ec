// Decides whether the built client and server are older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    max = Math.max(max, newest(path.join(target, entry.name)));
  }
  return max;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

export function staleParts() {
  const parts = [];
  const shared = Math.max(newest('package.json'), newest('package-lock.json'));
  // Both halves of the client build: `npm run bundle:report` (say) rebuilds client/dist alone.
  const clientBuiltAt = Math.min(builtAt('client/dist/index.html'), builtAt('client/dist-server/entry-server.js'));
  if (clientBuiltAt < Math.max(shared, newest('client'), newest('shared'))) parts.push('client');
  const serverSources = [newest('server/src'), newest('prisma/schema.prisma'), newest('shared'), newest('scripts/build-server.mjs')];
  if (builtAt('server/dist/main.js') < Math.max(shared, ...serverSources)) parts.push('server');
  return parts;
}
