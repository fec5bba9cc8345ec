// Builds the client and/or the server when their sources are newer than the build.
import { spawnSync } from 'node:child_process';
import { staleParts } from './build-state.mjs';

for (const part of staleParts()) {
  console.log(`chronicle: building the ${part}…`);
  // A production build whoever asks: under a test runner NODE_ENV is `test`, and Vite would then bundle
  // React's development build.
  const result = spawnSync('npm', ['run', `build:${part}`, '--silent'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`chronicle: the ${part} build failed`);
    process.exit(result.status ?? 1);
  }
}
