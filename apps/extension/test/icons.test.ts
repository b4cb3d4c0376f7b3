import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript (no declarations).
import { ICON_SIZES, iconPng } from '../../../scripts/extension-icons.mjs';

/** The RGBA pixel (x, y) of a PNG written by iconPng (one IDAT, filter 0 on every row). */
function pixel(png: Buffer, x: number, y: number): number[] {
  const size = png.readUInt32BE(16);
  const idat = png.indexOf('IDAT', 0, 'ascii');
  const raw = zlib.inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const o = y * (size * 4 + 1) + 1 + x * 4;
  return [...raw.subarray(o, o + 4)];
}

describe('extension icons', () => {
  it('are PNGs of each manifest size: transparent corners, blue badge, white mark', () => {
    expect(ICON_SIZES).toEqual([16, 32, 48, 128]);
    for (const size of ICON_SIZES as number[]) {
      const png: Buffer = iconPng(size);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
      expect(pixel(png, 0, 0)[3]).toBe(0);
      // Left edge, middle height: the blue badge; the centre of the arrow shaft: white.
      expect(pixel(png, Math.floor(size * 0.1), Math.floor(size / 2))).toEqual([22, 119, 255, 255]);
      expect(pixel(png, Math.floor(size / 2), Math.floor(size * 0.3))).toEqual([255, 255, 255, 255]);
    }
  });
});
