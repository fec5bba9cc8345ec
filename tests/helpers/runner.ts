/**
 * How the runners outside the test frameworks (bench, lighthouse, replay, cluster, compose) end when something
 * stops them: the error's stack for whoever debugs it, then its cause as the very last line, and exit code 1, so
 * that neither a person nor CI can take a run that did not happen for one that passed (issue 23).
 */
export function stopRunner(name: string, err: unknown): never {
  if (err instanceof Error && err.stack) console.error(err.stack);
  console.error(`${name} could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
