import type { SiteVisualPreviewBody } from '@console/shared/schemas/site-blocks';
import type { AppDeps } from '../../context.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { FileStorage } from '../files/file-storage.js';
import { findPage } from './site-visual.repository.js';
import { checkBlocksOwned, siteOf } from './site-visual.service.js';
import { loadBlockData, parseBlocks } from './storefront/blocks.js';
import { type BlocksPageKind, blocksPage } from './storefront/home-page.js';
import type { PageContext } from './storefront/pages.js';

/**
 * The storefront HTML of a page's draft for the signed-in seller (never public): the blocks of
 * the request (the editor's unsaved state) or the stored draft, in one of the site's languages,
 * with the site's published products, as the page will look once published.
 */
export async function previewVisualPage(
  deps: AppDeps,
  storage: FileStorage,
  tenantId: number,
  body: SiteVisualPreviewBody,
  at: { origin: string; fileUrl: (key: string) => string },
): Promise<string> {
  const site = await siteOf(deps.db, tenantId);
  const siteId = Number(site.id);
  if (!site.languages.includes(body.lang)) throw badRequest('站点没有这种语言');
  const row = await findPage(deps.db, tenantId, siteId, body.id);
  if (body.id !== null && !row) throw notFound('页面不存在');
  if (body.blocks) await checkBlocksOwned(deps.db, storage, tenantId, siteId, body.blocks);
  const blocks = body.blocks ?? parseBlocks(row?.draft_blocks ?? []);
  const page: BlocksPageKind =
    row?.kind === 'landing'
      ? { kind: 'landing', slug: row.slug, titles: row.titles as Record<string, string> }
      : { kind: 'home' };
  const c: PageContext = {
    site,
    lang: body.lang,
    base: `${at.origin}/s/${site.slug}`,
    preview: true,
    fileUrl: at.fileUrl,
  };
  return blocksPage(c, page, blocks, await loadBlockData(deps.db, tenantId, siteId, blocks)).value;
}
