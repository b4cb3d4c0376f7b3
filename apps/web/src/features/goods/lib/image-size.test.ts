import { describe, expect, it } from 'vitest';
import { smallImagesWarning } from './image-size';

describe('images below 500 px on the long side', () => {
  it('are named at upload; large images and unknown sizes are not', () => {
    expect(smallImagesWarning([{ url: 'a', width: 499, height: 300 }])).toBe(
      '图片仅499×300像素,长边小于500像素,亚马逊不接受作为主图',
    );
    expect(
      smallImagesWarning([
        { url: 'a', width: 100, height: 100 },
        { url: 'b', width: 300, height: 200 },
      ]),
    ).toBe('2张图片长边小于500像素,亚马逊不接受作为主图');
    expect(smallImagesWarning([{ url: 'a', width: 300, height: 500 }, { url: 'b' }])).toBeNull();
  });
});
