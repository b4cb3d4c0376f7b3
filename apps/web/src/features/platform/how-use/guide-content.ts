import { type GuideChapter, renderChapter } from './guide-render';

/** The chapters' markdown, in file-name order (`guide/01-....md`). */
const texts = import.meta.glob<string>('./guide/*.md', { eager: true, query: '?raw', import: 'default' });
/** Screenshots: only their URLs are imported; the browser loads one when its chapter is shown. */
const images = import.meta.glob<string>('./images/*.{webp,png}', { eager: true, query: '?url', import: 'default' });

const imageUrl = (name: string) => images[`./images/${name}`];

/** Every chapter of 使用说明, rendered once. */
export const GUIDE_CHAPTERS: GuideChapter[] = Object.keys(texts)
  .sort()
  .map((file) => renderChapter(`guide-${file.replace(/^.*\/\d+-|\.md$/g, '')}`, texts[file]!, imageUrl));
