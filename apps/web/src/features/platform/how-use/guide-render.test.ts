// The markdown step, without a DOM (DOMPurify, the second layer, runs in the browser: e2e/shop.test.ts).
import { describe, expect, it } from 'vitest';
import { markdownChapter } from './guide-render';

const urls: Record<string, string> = { 'a.webp': '/assets/a-123.webp' };

describe('guide chapters', () => {
  it('renders headings with anchors, images by their built URL, and the table of contents', () => {
    const c = markdownChapter(
      'guide-x',
      '# 标题\n\n## 第一节\n\n正文 **粗体**\n\n![说明](a.webp)\n\n## 第二节\n',
      (n) => urls[n],
    );
    expect(c.title).toBe('标题');
    expect(c.sections).toEqual([
      { id: 'guide-x-1', title: '第一节' },
      { id: 'guide-x-2', title: '第二节' },
    ]);
    expect(c.html).toContain('<h2 id="guide-x">标题</h2>');
    expect(c.html).toContain('<h3 id="guide-x-1">第一节</h3>');
    expect(c.html).toContain('<strong>粗体</strong>');
    expect(c.html).toMatch(/<img src="\/assets\/a-123\.webp" alt="说明" loading="lazy"/);
    expect(markdownChapter('y', '![缺](b.webp)', (n) => urls[n]).html).toContain('缺少图片 b.webp');
  });

  it('drops scripts, event handlers and javascript: links from the markdown', () => {
    const c = markdownChapter(
      'z',
      '# t\n\n<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[点我](javascript:alert(3))\n',
      () => undefined,
    );
    expect(c.html).not.toContain('<script');
    expect(c.html).toContain('&lt;script&gt;');
    expect(c.html).not.toMatch(/<img[^>]*onerror/);
    expect(c.html).toContain('&lt;img src=&quot;x&quot; onerror');
    expect(c.html).not.toContain('javascript:');
  });
});
