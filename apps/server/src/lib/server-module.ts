import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../context.js';

/**
 * A background job kind owned by a module: its queue name, the payload's zod schema and
 * the function that does the work. Payloads are validated when sent and when run.
 */
export interface JobDefinition<P = unknown> {
  /** Queue name, unique over the app (e.g. `goods-export`). */
  kind: string;
  payload: z.ZodType<P>;
  run(deps: AppDeps, payload: P): Promise<void>;
}

/** Types a job definition (the payload type follows from its schema). */
export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

/**
 * One domain of the server as the app sees it: its route plugins (mounted under /PDD) and
 * its job definitions. Each `modules/<name>/<name>.module.ts` exports one as `serverModule`;
 * the app finds them by folder, so a new area edits no central list.
 */
export interface ServerModule {
  name: string;
  routes: FastifyPluginAsync[];
  /** (`run` is a method, so definitions of any payload type fit `JobDefinition<unknown>`.) */
  jobs?: JobDefinition<unknown>[];
}

/** Where the module folders live. */
export const MODULES_DIR = path.join(import.meta.dirname, '..', 'modules');

/** Loads `modules/<name>/<name>.module.(ts|js)` of every module folder, sorted by name. */
export async function loadServerModules(dir = MODULES_DIR): Promise<ServerModule[]> {
  const out: ServerModule[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!fs.statSync(path.join(dir, name)).isDirectory()) continue;
    const file = ['ts', 'js'].map((ext) => path.join(dir, name, `${name}.module.${ext}`)).find((f) => fs.existsSync(f));
    if (!file) throw new Error(`module folder ${name} has no ${name}.module.ts`);
    const mod = (await import(pathToFileURL(file).href)) as { serverModule?: ServerModule };
    if (!mod.serverModule || mod.serverModule.name !== name) {
      throw new Error(`${name}.module.ts must export serverModule with name '${name}'`);
    }
    out.push(mod.serverModule);
  }
  return out;
}
