// `npm start`: build what is not built, then run the server as a child and stop with it.
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

/** The server stops itself within 4.5 s (server/src/main.ts); past this it is killed. */
const KILL_AFTER_MS = 4_800;

const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], { stdio: 'inherit' });
// pm2, supervisord and systemd signal this process only: the server (which stops the embedded
// PostgreSQL) gets the same signal, and this process waits for it, whichever way it was asked to stop.
let killTimer;
const stop = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  killTimer ??= setTimeout(() => server.kill('SIGKILL'), KILL_AFTER_MS);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `npm start` runs this through `sh -c`: npm passes SIGTERM to the shell, which dies without passing it
// on. Whoever started us going away means the same as a SIGTERM.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop('SIGTERM'), 250).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
