// `npm start`: build what is not built, then run the server in this process's place.
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], { stdio: 'inherit' });
// The server handles SIGINT/SIGTERM itself (graceful shutdown); this wrapper only forwards them.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
