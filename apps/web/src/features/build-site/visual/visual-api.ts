import type {
  SiteBlock,
  SiteVisualPage,
  SiteVisualPages,
  SiteVisualPreviewBody,
  SiteVisualSaveBody,
} from '@console/shared/schemas/site-blocks';
import type { SiteCategoryTree } from '@console/shared/schemas/site-category';
import type { SiteGoodsRow } from '@console/shared/schemas/site-goods';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../api/http';

/** Query keys of the visual editor. */
export const visualKeys = {
  pages: ['site', 'visual', 'pages'] as const,
  page: (id: number | null) => ['site', 'visual', 'page', id ?? 'home'] as const,
};

/** The site and its pages (`site` null before 基础设置 is saved). */
export function useVisualPages() {
  return useQuery({ queryKey: visualKeys.pages, queryFn: () => get<SiteVisualPages>('/site/visual/pages') });
}

/** One page's draft and published blocks (`id` null: the home page). */
export function useVisualPage(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: visualKeys.page(id),
    queryFn: () => get<SiteVisualPage>('/site/visual/get', { id: id ?? undefined }),
    enabled,
  });
}

export function useVisualMutations() {
  const qc = useQueryClient();
  const done = (page: SiteVisualPage) => {
    qc.setQueryData(visualKeys.page(page.id), page);
    return qc.invalidateQueries({ queryKey: visualKeys.pages });
  };
  return {
    save: useMutation({
      mutationFn: (body: SiteVisualSaveBody) => post<SiteVisualPage>('/site/visual/save-draft', body, { silent: true }),
      onSuccess: done,
    }),
    publish: useMutation({
      mutationFn: (body: { id: number | null; version: number }) =>
        post<SiteVisualPage>('/site/visual/publish', body, { silent: true }),
      onSuccess: done,
    }),
    create: useMutation({
      mutationFn: (body: { slug: string; titles: Record<string, string> }) =>
        post<SiteVisualPage>('/site/visual/create-landing', body),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (body: { id: number; version: number }) => post<null>('/site/visual/delete-landing', body),
      onSuccess: () => qc.invalidateQueries({ queryKey: visualKeys.pages }),
    }),
  };
}

/** The storefront HTML of the editor's blocks (not saved), for the preview frame. */
export const previewHtml = (body: SiteVisualPreviewBody & { blocks: SiteBlock[] }) =>
  post<{ html: string }>('/site/visual/preview', body, { silent: true });

/** The site's categories as a flat list of options (indented by depth). */
export function useSiteCategoryOptions(lang: string) {
  return useQuery({
    queryKey: ['site', 'category', 'list'],
    queryFn: () => get<SiteCategoryTree>('/site/category/list', undefined, { silent: true }),
    select: (data) => {
      const out: { value: number; label: string }[] = [];
      const walk = (nodes: SiteCategoryTree['tree'], depth: number) => {
        for (const n of nodes) {
          out.push({
            value: n.id,
            label: `${'— '.repeat(depth)}${n.names[lang] || Object.values(n.names)[0] || n.slug}`,
          });
          walk(n.children, depth + 1);
        }
      };
      walk(data.tree, 0);
      return out;
    },
  });
}

/** Site products matching a keyword (the hand-picked grid's picker). */
export function useSiteProductOptions(keyword: string) {
  return useQuery({
    queryKey: ['site', 'goods', 'pick', keyword],
    queryFn: () =>
      get<{ list: SiteGoodsRow[] }>('/site/goods/list', { page: 1, pageSize: 50, keyword }, { silent: true }),
    select: (data) =>
      data.list.map((g) => ({ value: g.id, label: `${g.title || `#${g.id}`}${g.published ? '' : '(未发布)'}` })),
  });
}
