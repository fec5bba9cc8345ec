// Builds the client and/or the server when their sources are newer than the build.
import { spawnSync } from 'node:child_process';
import { staleParts } from './build-state.mjs';

for (const part of staleParts()) {
  console.log(`chronicle: building the ${part}…`);
  const result = spawnSync('npm', ['run', `build:${part}`, '--silent'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`chronicle: the ${part} build failed`);
    process.exit(result.status ?? 1);
  }
}
