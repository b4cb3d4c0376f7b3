// Builds the web app and prints the gzip size of what the two first screens load:
// #/login (entry + login route chunk) and the frame after sign-in (entry + frame + home).
// Targets (issue 29 §6): login <= 150 KB gzip, frame <= 400 KB gzip. Prints the figures and
// whether each is within its target; exits 1 when one is over. `--no-build` measures the
// existing build; WEB_DIST=<dir> measures a build elsewhere (vite build --outDir <dir>).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const dist = process.env.WEB_DIST ?? join(web, 'dist');

if (!process.argv.includes('--no-build')) {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: web,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** Every chunk a module loads before it can run: itself and its static imports, recursively. */
function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return seen;
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function measure(label, keys, target) {
  const chunks = closure(keys);
  let js = 0;
  let raw = 0;
  const css = new Set();
  for (const k of chunks) {
    js += gz(manifest[k].file);
    raw += readFileSync(join(dist, manifest[k].file)).length;
    for (const c of manifest[k].css ?? []) css.add(c);
  }
  const cssGz = [...css].reduce((n, f) => n + gz(f), 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const within = js <= target * 1024;
  if (!within) process.exitCode = 1;
  const verdict = within ? 'within' : 'OVER';
  console.log(
    `${label.padEnd(22)} JS ${kb(js).padStart(9)} gzip (${kb(raw)} raw, ${chunks.size} chunks) + CSS ${kb(cssGz)} gzip  target ${target} KB: ${verdict}`,
  );
}

const need = (src) => {
  if (!manifest[src]) throw new Error(`${src} is not in the manifest`);
  return src;
};

measure('#/login', [entryKey, need('src/features/login/login/login-page.tsx')], 150);
measure(
  'frame after sign-in',
  [entryKey, need('src/layout/frame-layout.tsx'), need('src/features/home/home/home-page.tsx')],
  400,
);
