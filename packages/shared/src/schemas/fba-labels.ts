import { z } from 'zod';
import { dbInt } from './common.js';

/**
 * FNSKU item labels printed from the console (issue 30 §3, docs/labels.md): `POST /fba/labels/fnsku`.
 * The server's `apps/server/src/labels/fnsku-labels.ts` draws them; the layouts are its sheets and rolls.
 */

/** Sheets (A4, labels per sheet) and thermal rolls (label size in mm). */
export const FNSKU_LABEL_LAYOUTS = [
  'a4-21',
  'a4-24',
  'a4-30',
  'a4-40',
  'a4-44',
  'thermal-50x25',
  'thermal-60x30',
] as const;
export type FnskuLabelLayout = (typeof FNSKU_LABEL_LAYOUTS)[number];

/** Chinese names of the layouts (for a picker). */
export const FNSKU_LABEL_LAYOUT_NAMES: Record<FnskuLabelLayout, string> = {
  'a4-21': 'A4 21枚 (63.5×38.1mm)',
  'a4-24': 'A4 24枚 (63.5×33.9mm)',
  'a4-30': 'A4 30枚 (70×29.7mm)',
  'a4-40': 'A4 40枚 (52.5×29.7mm)',
  'a4-44': 'A4 44枚 (48.5×25.4mm)',
  'thermal-50x25': '热敏 50×25mm',
  'thermal-60x30': '热敏 60×30mm',
};

/** At most this many labels in one PDF, and items in one request. */
export const FNSKU_LABELS_MAX = 5000;
export const FNSKU_LABEL_ITEMS_MAX = 1000;

export const fnskuLabelItem = z.strictObject({
  fnsku: z
    .string({ error: '请填写FNSKU' })
    .trim()
    .min(1, { error: '请填写FNSKU' })
    .max(20, { error: 'FNSKU最多20个字符' })
    .regex(/^[A-Za-z0-9]+$/, { error: 'FNSKU只能包含字母和数字' })
    .transform((s) => s.toUpperCase()),
  title: z.string({ error: '标题必须是文本' }).max(500, { error: '标题最多500个字符' }).default(''),
  /** Printed under the title; default NEW. */
  condition: z.string({ error: '商品状况必须是文本' }).trim().max(20, { error: '商品状况最多20个字符' }).optional(),
  quantity: dbInt('打印数量', 1, FNSKU_LABELS_MAX),
});

export const fnskuLabelsBody = z
  .strictObject({
    layout: z.enum(FNSKU_LABEL_LAYOUTS, { error: '标签规格不正确' }),
    items: z
      .array(fnskuLabelItem, { error: '请选择要打印的商品' })
      .min(1, { error: '请选择要打印的商品' })
      .max(FNSKU_LABEL_ITEMS_MAX, { error: `一次最多${FNSKU_LABEL_ITEMS_MAX}个商品` }),
    /** Labels of the first sheet already used (left empty); sheets only. */
    skip: dbInt('跳过的标签数', 0, 43).default(0),
  })
  .refine((b) => b.items.reduce((s, i) => s + i.quantity, 0) <= FNSKU_LABELS_MAX, {
    error: `一次最多打印${FNSKU_LABELS_MAX}张标签`,
    path: ['items'],
  });
export type FnskuLabelsBody = z.output<typeof fnskuLabelsBody>;
