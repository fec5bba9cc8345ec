import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The third-party validators of issue 24's "Done when", run on files: the Nu Html Checker (npm `vnu-jar`, on Java)
 * and xmllint with the sitemap XSDs of this folder. Each fails loudly when its tool is missing: a validator that
 * cannot run is never a pass.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
export const VNU_JAR = path.join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');
export const XSD_DIR = path.join(import.meta.dirname, 'xsd');
/** The programs, `JAVA` and `XMLLINT` when set (read at each call, so a test can point them elsewhere). */
const java = () => process.env.JAVA ?? 'java';
const xmllint = () => process.env.XMLLINT ?? 'xmllint';

/** Runs `file` and gives its exit code and output, or throws when the program is not there at all. */
async function tool(file: string, args: string[], what: string) {
  try {
    const { stdout, stderr } = await run(file, args, { maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { code?: number | string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`${what}: '${file}' is not installed or not on PATH`, { cause: err });
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

export interface HtmlMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** The Nu Html Checker's errors for these HTML files, all in one Java process. */
export async function vnuErrors(files: string[]): Promise<HtmlMessage[]> {
  if (!existsSync(VNU_JAR)) throw new Error(`The Nu Html Checker is not at ${VNU_JAR} (npm package vnu-jar)`);
  if (!files.length) throw new Error('vnu: no file to check');
  const { code, stdout, stderr } = await tool(
    java(),
    ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
    'the Nu Html Checker needs Java',
  );
  // The JSON report goes to stderr; anything else there (a JVM that did not start) is a failure of its own.
  const report = (stderr.trim() || stdout.trim()) as string;
  let parsed: { messages?: HtmlMessage[] };
  try {
    parsed = JSON.parse(report) as { messages?: HtmlMessage[] };
  } catch {
    throw new Error(`vnu did not report (exit ${code}): ${report.slice(0, 2000)}`);
  }
  const messages = parsed.messages ?? [];
  // A non-zero exit without a single message is a checker that failed, not a clean page.
  if (code !== 0 && !messages.length) throw new Error(`vnu exited ${code} without messages: ${report.slice(0, 2000)}`);
  return messages.filter((m) => m.type === 'error' || m.type === 'non-document-error' || m.subType === 'fatal');
}

/** xmllint's verdict on one XML file against one XSD: null when it validates, else what it said. */
export async function xmllintSchemaErrors(file: string, xsd: string): Promise<string | null> {
  const { code, stderr } = await tool(xmllint(), ['--noout', '--nonet', '--schema', xsd, file], 'xmllint (apt-get install libxml2-utils)');
  if (code === 0 && /validates$/m.test(stderr)) return null;
  return stderr.trim() || `xmllint exited ${code}`;
}

/** The XSD of a sitemap document, by its root element and the extensions it declares. */
export function sitemapSchema(xml: string): string {
  if (/<sitemapindex[\s>]/.test(xml)) return path.join(XSD_DIR, 'siteindex.xsd');
  if (/xmlns:image=/.test(xml))
    throw new Error('a sitemap uses image:, add the image sitemap XSD to tests/validators/xsd and a driver for it');
  if (/xmlns:news=/.test(xml)) return path.join(XSD_DIR, 'news-sitemap.xsd');
  return path.join(XSD_DIR, 'sitemap.xsd');
}
