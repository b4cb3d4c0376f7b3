import type { UploadCheckPair } from '@console/shared/schemas/upload-check';
import { describe, expect, it } from 'vitest';
import { heldPairsOf, nothingReadyReason, uploadResultText } from './upload-model';

const pair = (goods_id: number, marketplace: string, ready: boolean): UploadCheckPair => ({
  goods_id,
  sku: `S${goods_id}`,
  title: '',
  thumbnail: '',
  marketplace,
  ready,
  issues: [],
  notes: [],
});

describe('the check before sending, as the dialog uses it', () => {
  it('holds the pairs that are not ready', () => {
    const list = [pair(1, 'de', true), pair(1, 'fr', false), pair(2, 'de', false)];
    expect(heldPairsOf({ list })).toEqual([
      { goods_id: 1, marketplace: 'fr' },
      { goods_id: 2, marketplace: 'de' },
    ]);
    expect(heldPairsOf({ list: [pair(1, 'de', true)] })).toEqual([]);
  });

  it('says why nothing can be sent only when no checked pair is ready', () => {
    expect(nothingReadyReason(undefined)).toBeNull();
    expect(nothingReadyReason({ list: [pair(1, 'de', true)], ready: 1 })).toBeNull();
    expect(nothingReadyReason({ list: [pair(1, 'de', false)], ready: 0 })).toContain('没有可发送的商品站点');
  });

  it('counts held pairs in the answer of create', () => {
    expect(uploadResultText({ queue_id: 3, goods: 1, items: 1, invalid: 0, held: 1 })).toBe(
      '已创建上传队列 #3: 1个商品, 1个站点条目, 暂缓1个商品站点(修改后再上传)',
    );
  });
});
