// The collection plugin's toolbar and extensions-page icons (16/32/48/128 px PNG), drawn at build
// time from a few shapes (a blue rounded square, a white arrow into a tray: "collect into the
// library"), 4x4 supersampled, encoded as PNG with node:zlib. No image files are committed.
import zlib from 'node:zlib';

export const ICON_SIZES = [16, 32, 48, 128];

const BLUE = [22, 119, 255];
const WHITE = [255, 255, 255];

/** Whether the point (x, y) of the unit square is inside the rounded square. */
function inBadge(x, y) {
  const r = 0.22;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Whether (x, y) is on the white mark: arrow shaft, arrow head, tray. */
function inMark(x, y) {
  const box = (x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
  if (box(0.43, 0.18, 0.57, 0.5)) return true;
  // Head: the triangle (0.27, 0.45), (0.73, 0.45), (0.5, 0.68).
  if (y >= 0.45 && y <= 0.68 && Math.abs(x - 0.5) <= 0.68 - y) return true;
  return box(0.2, 0.74, 0.8, 0.83) || box(0.2, 0.58, 0.29, 0.83) || box(0.71, 0.58, 0.8, 0.83);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The icon at `size` px as a PNG (RGBA, transparent outside the badge). */
export function iconPng(size) {
  const S = 4;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      let badge = 0;
      let mark = 0;
      for (let sy = 0; sy < S; sy++)
        for (let sx = 0; sx < S; sx++) {
          const x = (px + (sx + 0.5) / S) / size;
          const y = (py + (sy + 0.5) / S) / size;
          if (inBadge(x, y)) {
            badge++;
            if (inMark(x, y)) mark++;
          }
        }
      const alpha = badge / (S * S);
      const white = badge ? mark / badge : 0;
      const o = py * (size * 4 + 1) + 1 + px * 4;
      for (let c = 0; c < 3; c++) raw[o + c] = Math.round(BLUE[c] * (1 - white) + WHITE[c] * white);
      raw[o + 3] = Math.round(alpha * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
