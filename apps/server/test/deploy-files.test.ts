import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Issue 32 §4: the container files are checked here whether or not this machine runs Docker
 * (docs/deploy.md "Container"): the image is multi-stage on node:20-bookworm-slim, builds the web
 * app, runs as a non-root user with a health check on /PDD/health; compose names PostgreSQL 17
 * and MinIO and only settings the server reads (config.ts).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

/** Dockerfile instructions (continuation lines joined, comments dropped) as [keyword, rest]. */
function instructions(text: string): [string, string][] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const m = /^(\w+)\s+(.*)$/.exec(l)!;
      return [m[1]!.toUpperCase(), m[2]!];
    });
}

/** Every environment variable the server reads (`env.NAME`, or `need('NAME')` of the S3 settings, in config.ts). */
const configEnv = new Set(
  [...read('apps/server/src/config.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]*)|\bneed\('([A-Z][A-Z0-9_]*)'\)/g)].map(
    (m) => m[1] ?? m[2],
  ),
);

describe('deployment files', () => {
  const docker = instructions(read('Dockerfile'));
  const stages = docker.filter(([k]) => k === 'FROM').map(([, v]) => v);
  const lastFrom = docker.map(([k]) => k).lastIndexOf('FROM');
  const runtime = docker.slice(lastFrom);

  it('Dockerfile: multi-stage on node:20-bookworm-slim, builds the web app, runs main.ts as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages.every((s) => s.startsWith('node:20-bookworm-slim'))).toBe(true);
    expect(docker.some(([k, v]) => k === 'RUN' && v.includes('npm run build:web'))).toBe(true);
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; workspaces: string[] };
    expect(pkg.scripts['build:web']).toBeTruthy();
    // `npm ci` runs before the sources are copied: it needs every workspace's package.json.
    for (const ws of pkg.workspaces)
      expect(docker.some(([k, v]) => k === 'COPY' && v.startsWith(`${ws}/package.json `))).toBe(true);
    const users = runtime.filter(([k]) => k === 'USER').map(([, v]) => v.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
    const cmd = JSON.parse(runtime.find(([k]) => k === 'CMD')![1]) as string[];
    const entry = cmd.find((a) => a.endsWith('.ts'))!;
    expect(fs.existsSync(path.join(ROOT, entry))).toBe(true);
    // The runtime stage gets the built web app where config.ts looks for it (WEB_DIST's default).
    expect(runtime.some(([k, v]) => k === 'COPY' && v.includes('apps/web/dist'))).toBe(true);
  });

  it('Dockerfile: health check on /PDD/health at the exposed port; ENV names are settings of config.ts', () => {
    const health = runtime.find(([k]) => k === 'HEALTHCHECK')?.[1] ?? '';
    expect(health).toContain('/PDD/health');
    const env = runtime
      .filter(([k]) => k === 'ENV')
      .flatMap(([, v]) => [...v.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1]!, m[2]!] as const));
    for (const [name] of env) if (name !== 'NODE_ENV') expect(configEnv, name).toContain(name);
    const port = env.find(([n]) => n === 'PORT')?.[1];
    expect(runtime.find(([k]) => k === 'EXPOSE')?.[1]).toBe(port);
    expect(env.find(([n]) => n === 'HOST')?.[1]).toBe('0.0.0.0');
    const ignore = read('.dockerignore').split('\n');
    for (const p of ['**/node_modules', 'data', '.env', '.git']) expect(ignore).toContain(p);
  });

  it('compose.yaml: PostgreSQL 17 and MinIO; the console builds from the repo with settings config.ts reads', () => {
    const compose = parse(read('compose.yaml')) as {
      services: Record<
        string,
        {
          image?: string;
          build?: string;
          environment?: Record<string, string>;
          ports?: string[];
          depends_on?: Record<string, unknown>;
        }
      >;
    };
    const s = compose.services;
    expect(s.postgres?.image).toMatch(/^postgres:17\b/);
    expect(s.minio?.image).toMatch(/^minio\/minio\b/);
    const app = s.console!;
    expect(app.build).toBe('.');
    expect(Object.keys(app.depends_on ?? {})).toEqual(expect.arrayContaining(['postgres']));
    const env = app.environment ?? {};
    for (const name of Object.keys(env)) expect(configEnv, name).toContain(name);
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.STORAGE).toBe('s3');
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    // The published port reaches the port the server listens on.
    const published = (app.ports ?? []).map((p) => p.split(':').at(-1));
    expect(published).toContain(env.PORT);
  });
});
