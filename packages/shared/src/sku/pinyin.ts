import { pinyin } from 'pinyin-pro';
import type { Transliterate } from './sku.js';

/**
 * Chinese to toneless pinyin (`红色` -> `hongse`, `绿` -> `lv`), other characters as they are.
 * A separate entry (`@console/shared/sku-pinyin`) because of the dictionary's size: the web
 * app loads it only when it generates variations.
 */
export const toPinyin: Transliterate = (text) => pinyin(text, { toneType: 'none', separator: '', v: true });
