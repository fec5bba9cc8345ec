// `npm run dev`: the server in watch mode (tsx) on PORT (3000), with Vite in middleware mode inside it: the
// reader's pages render on the server from the client's sources, and the browser gets hot reload.
import { spawn } from 'node:child_process';

const child = spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--exclude', 'client/**', 'server/src/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', VITE_DEV: 'true' },
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  process.exitCode = code ?? 0;
});
