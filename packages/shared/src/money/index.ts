export * from './currencies.js';
export * from './exchange.js';
export * from './market-amount.js';
export * from './money.js';
export * from './pricing.js';
