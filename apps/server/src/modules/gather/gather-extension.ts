import fs from 'node:fs';
import path from 'node:path';

/** Where `npm run build:extension` writes the zip and its build facts (apps/extension/dist). */
export const EXTENSION_DIST = path.resolve(import.meta.dirname, '../../../../extension/dist');
export const EXTENSION_ZIP = 'store-group-collector.zip';

/** The built zip's facts, or null when it was not built on this server. */
export function extensionBuild(dir = EXTENSION_DIST): { version: string; size: number; built_at: number } | null {
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'build.json'), 'utf8')) as {
      version?: unknown;
      built_at?: unknown;
    };
    const size = fs.statSync(path.join(dir, EXTENSION_ZIP)).size;
    return {
      version: typeof meta.version === 'string' ? meta.version : '',
      size,
      built_at: typeof meta.built_at === 'number' ? meta.built_at : 0,
    };
  } catch {
    return null;
  }
}
