import type { SiteBlock } from '@console/shared/schemas/site-blocks';
import { describe, expect, it } from 'vitest';
import { blocksJson } from './block-history';

// The editor's unsaved-changes check compares its blocks with the server's copy, which comes back
// from jsonb with its keys in another order: a German and an English heading must still be "saved".
describe('blocksJson', () => {
  const grid = (heading: Record<string, string>, ids: number[]): SiteBlock => ({
    type: 'product_grid',
    key: 'g1',
    heading,
    source: { kind: 'products', product_ids: ids },
    columns: 4,
    count: 8,
  });

  it('ignores the order of object keys', () => {
    const editor = grid({ en: 'Picks', de: 'Auswahl' }, [3, 1]);
    const fromJsonb = JSON.parse(
      '{"key":"g1","type":"product_grid","count":8,"source":{"kind":"products","product_ids":[3,1]},"columns":4,"heading":{"de":"Auswahl","en":"Picks"}}',
    );
    expect(JSON.stringify([editor])).not.toBe(JSON.stringify([fromJsonb]));
    expect(blocksJson([editor])).toBe(blocksJson([fromJsonb]));
  });

  it('keeps the order of blocks and of the products of a grid', () => {
    const a = grid({ en: 'Picks' }, [1, 2]);
    const b = { ...a, key: 'g2' };
    expect(blocksJson([a, b])).not.toBe(blocksJson([b, a]));
    expect(blocksJson([a])).not.toBe(blocksJson([grid({ en: 'Picks' }, [2, 1])]));
    expect(blocksJson([grid({ en: 'Picks' }, [1])])).not.toBe(blocksJson([grid({ en: 'Picks', de: '' }, [1])]));
  });
});
