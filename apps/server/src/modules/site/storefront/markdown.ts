import { escapeHtml, type SafeHtml, safeHref, trustedHtml } from './html.js';

/**
 * The legal pages' Markdown as HTML: a small subset (headings `#`-`###`, paragraphs, `-`/`*`
 * lists, `**bold**`, `[text](url)` links with http(s)/mailto/tel/site paths). Everything is
 * escaped first and only these shapes become tags, so no markup of the seller's survives.
 */
export function markdownToHtml(source: string): SafeHtml {
  const out: string[] = [];
  let para: string[] = [];
  let list: string[] = [];
  const flushPara = () => {
    if (para.length) out.push(`<p>${para.map(inline).join('<br>')}</p>`);
    para = [];
  };
  const flushList = () => {
    if (list.length) out.push(`<ul>${list.map((i) => `<li>${inline(i)}</li>`).join('')}</ul>`);
    list = [];
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      flushPara();
      flushList();
    } else if (heading) {
      flushPara();
      flushList();
      // h1 is the page title: the text's headings start at h2.
      const level = heading[1]!.length + 1;
      out.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
    } else if (item) {
      flushPara();
      list.push(item[1]!);
    } else {
      flushList();
      para.push(line.trim());
    }
  }
  flushPara();
  flushList();
  return trustedHtml(out.join('\n'));
}

/** Bold and links inside a line; the text is escaped before any tag is added. */
function inline(text: string): string {
  let s = escapeHtml(text);
  // Links: [text](url) where the url has no spaces or parentheses (escaped quotes cannot break out of href="").
  s = s.replace(/\[([^\]]+)\]\(([^\s()]+)\)/g, (_m, label: string, url: string) => {
    const href = safeHref(url.replace(/&amp;/g, '&'));
    return `<a href="${escapeHtml(href)}" rel="nofollow noopener">${label}</a>`;
  });
  return s.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}
