import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/** One chapter of 使用说明: its anchor, title and sanitised HTML. */
export interface GuideChapter {
  id: string;
  title: string;
  /** Second-level headings inside the chapter (for the table of contents). */
  sections: { id: string; title: string }[];
  html: string;
}

/**
 * Renders one chapter's markdown (`guide/NN-name.md`, first line `# title`). Raw HTML in the
 * markdown is not trusted: it is shown as text, links other than web/mail/anchors are dropped,
 * and marked's output still goes through DOMPurify. Images name a file of
 * `images/`, mapped to its built URL by `imageUrl`; headings get ids `<chapter>-<n>`.
 */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Links the guide may hold: the web, mail, in-page anchors and the console's own paths. */
const SAFE_LINK = /^(https?:\/\/|mailto:|#|\/)/i;

export function markdownChapter(
  id: string,
  markdown: string,
  imageUrl: (name: string) => string | undefined,
): GuideChapter {
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? id;
  const sections: GuideChapter['sections'] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        if (depth === 1) return `<h2 id="${id}">${text}</h2>`;
        const sid = `${id}-${sections.length + 1}`;
        sections.push({ id: sid, title: text.replace(/<[^>]+>/g, '') });
        return `<h${depth + 1} id="${sid}">${text}</h${depth + 1}>`;
      },
      image({ href, text }) {
        const src = imageUrl(href);
        if (!src) return `<em>(缺少图片 ${escapeHtml(href)})</em>`;
        const alt = escapeHtml(text);
        return `<figure><img src="${escapeHtml(src)}" alt="${alt}" loading="lazy" /><figcaption>${alt}</figcaption></figure>`;
      },
      html({ text }) {
        return escapeHtml(text);
      },
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        return SAFE_LINK.test(href) ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
      },
    },
  });
  return { id, title, sections, html: marked.parse(markdown, { async: false }) };
}

/** A chapter as the page shows it: `markdownChapter`'s HTML passed through DOMPurify (needs a DOM). */
export function renderChapter(id: string, markdown: string, imageUrl: (name: string) => string | undefined) {
  const c = markdownChapter(id, markdown, imageUrl);
  return { ...c, html: DOMPurify.sanitize(c.html, { ADD_TAGS: ['figure', 'figcaption'], ADD_ATTR: ['loading'] }) };
}
