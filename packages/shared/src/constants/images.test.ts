import { describe, expect, it } from 'vitest';
import { thumbnailUrl } from './images.js';

describe('thumbnailUrl (spec section 7 image rule)', () => {
  it('own images use the stored 200 px thumbnail', () => {
    expect(thumbnailUrl('/PDD/files/t3/2026/11/0b7c3e9a-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png')).toBe(
      '/PDD/files/t3/2026/11/0b7c3e9a-1c2d-4e5f-8a9b-0c1d2e3f4a5b_w200.jpg',
    );
  });
  it('Aliyun OSS gets width 200 and quality 30; Tencent COS width 200', () => {
    expect(thumbnailUrl('https://b.oss-cn-hangzhou.aliyuncs.com/a.jpg')).toBe(
      'https://b.oss-cn-hangzhou.aliyuncs.com/a.jpg?x-oss-process=image/resize,w_200/quality,q_30',
    );
    expect(thumbnailUrl('https://b-1250000000.cos.ap-guangzhou.myqcloud.com/a.jpg?v=1')).toBe(
      'https://b-1250000000.cos.ap-guangzhou.myqcloud.com/a.jpg?v=1&imageMogr2/thumbnail/200x',
    );
  });
  it('other images are unchanged', () => {
    expect(thumbnailUrl('https://m.media-amazon.com/images/I/x.jpg')).toBe('https://m.media-amazon.com/images/I/x.jpg');
    expect(thumbnailUrl('not a url')).toBe('not a url');
  });
});
