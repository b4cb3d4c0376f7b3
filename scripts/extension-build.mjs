// Builds the collection plugin (apps/extension, docs/plugin.md): esbuild bundles the content
// script, service worker and popup into apps/extension/dist/unpacked (a Manifest V3 extension
// that "加载已解压的扩展程序" loads), zips that folder into dist/store-group-collector.zip for
// the download page, and writes dist/build.json (version, build time) beside it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import yazl from 'yazl';
import { ICON_SIZES, iconPng } from './extension-icons.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ext = path.join(root, 'apps/extension');
const dist = path.join(ext, 'dist');
const unpacked = path.join(dist, 'unpacked');
const ZIP = 'store-group-collector.zip';

/** The product pages the 采集 button appears on. */
const PRODUCT_PAGES = [
  '*://detail.1688.com/*',
  '*://item.taobao.com/*',
  '*://detail.tmall.com/*',
  '*://*.aliexpress.com/item/*',
  '*://*.aliexpress.us/item/*',
  ...[
    'com',
    'co.uk',
    'de',
    'fr',
    'it',
    'es',
    'nl',
    'se',
    'pl',
    'ca',
    'co.jp',
    'com.mx',
    'com.au',
    'ae',
    'sa',
    'com.br',
  ].map((tld) => `*://*.amazon.${tld}/*`),
];

/** The icons' paths by size (written into the build by buildExtension). */
const ICONS = Object.fromEntries(ICON_SIZES.map((n) => [String(n), `icons/icon-${n}.png`]));

function manifest(version) {
  return {
    manifest_version: 3,
    name: '店群助手采集插件',
    description: '在1688、淘宝/天猫、速卖通、亚马逊商品页一键采集商品到店群助手控制台的商品库',
    version,
    icons: ICONS,
    action: { default_title: '店群助手采集插件', default_popup: 'popup.html', default_icon: ICONS },
    background: { service_worker: 'background.js' },
    content_scripts: [{ matches: PRODUCT_PAGES, js: ['content.js'], run_at: 'document_idle' }],
    permissions: ['storage'],
    // The console is self-hosted at any address the user types: the service worker may post to any
    // http(s) origin (docs/plugin.md "Permissions").
    host_permissions: ['http://*/*', 'https://*/*'],
  };
}

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

/** Builds the extension and its zip; resolves with the zip's path. */
export async function buildExtension() {
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(unpacked, { recursive: true });
  buildSync({
    entryPoints: ['content', 'background', 'popup'].map((n) => path.join(ext, 'src', `${n}.ts`)),
    outdir: unpacked,
    bundle: true,
    format: 'iife',
    target: 'chrome110',
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(ext, 'popup.html'), path.join(unpacked, 'popup.html'));
  fs.mkdirSync(path.join(unpacked, 'icons'));
  for (const [size, file] of Object.entries(ICONS)) fs.writeFileSync(path.join(unpacked, file), iconPng(Number(size)));
  fs.writeFileSync(path.join(unpacked, 'manifest.json'), `${JSON.stringify(manifest(version), null, 2)}\n`);
  const zip = new yazl.ZipFile();
  for (const name of fs.readdirSync(unpacked).sort()) {
    if (name === 'icons') for (const file of Object.values(ICONS)) zip.addFile(path.join(unpacked, file), file);
    else zip.addFile(path.join(unpacked, name), name);
  }
  zip.end();
  const zipPath = path.join(dist, ZIP);
  await new Promise((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(zipPath)).on('close', resolve).on('error', reject);
  });
  fs.writeFileSync(
    path.join(dist, 'build.json'),
    `${JSON.stringify({ version, built_at: Math.floor(Date.now() / 1000) })}\n`,
  );
  return zipPath;
}

/** Builds when the zip is missing or older than the extension's sources (`npm start`, browser tests). */
export async function buildExtensionIfStale() {
  const sources = Math.max(
    newest(path.join(ext, 'src')),
    newest(path.join(ext, 'popup.html')),
    newest(import.meta.filename),
    newest(path.join(import.meta.dirname, 'extension-icons.mjs')),
  );
  if (newest(path.join(dist, ZIP)) > sources && fs.existsSync(path.join(dist, 'build.json'))) return false;
  await buildExtension();
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const zipPath = await buildExtension();
  console.log(
    `Built ${path.relative(root, zipPath)} (${fs.statSync(zipPath).size} bytes) and ${path.relative(root, unpacked)}/`,
  );
}
