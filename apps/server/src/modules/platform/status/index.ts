import { ali1688Card } from './ali1688.js';
import type { StatusCard } from './card.js';
import { carrierCard } from './carrier.js';
import { publicUrlCard } from './public-url.js';
import { shopsCard } from './shops.js';
import { spapiCard } from './spapi.js';
import { sqsCard } from './sqs.js';
import { storageCard } from './storage.js';
import { translateCard } from './translate.js';

/**
 * The cards of 平台首页, in the order shown. Each lives in its own file, so that one card's
 * source can change (e.g. the 1688 card reading the tenant's own 1688 connection) alone.
 */
export const STATUS_CARDS: readonly StatusCard[] = [
  shopsCard,
  spapiCard,
  publicUrlCard,
  ali1688Card,
  translateCard,
  storageCard,
  carrierCard,
  sqsCard,
];
