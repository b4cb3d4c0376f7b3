import type { ListingView, UploadCounts } from '@console/shared/schemas/upload';
import { describe, expect, it } from 'vitest';
import { pollWhileInFlight, pollWhileUnfinished, QUEUE_POLL_MS, queueUnfinished } from '../../../api/upload';
import { formatEta, marketplaceLabel, queueFigures, uploadTypeLabel } from './upload-labels';
import { editorFieldLink, listingsByGoods, uploadResultText } from './upload-model';

const counts = (c: Partial<UploadCounts>): UploadCounts => ({
  waiting: 0,
  sending: 0,
  submitted: 0,
  accepted: 0,
  live: 0,
  rejected: 0,
  invalid: 0,
  failed: 0,
  cancelled: 0,
  ...c,
});

describe('upload labels and figures', () => {
  it('folds the item states into waiting, sent, accepted and rejected', () => {
    expect(
      queueFigures(
        counts({
          waiting: 4,
          sending: 1,
          submitted: 2,
          accepted: 3,
          live: 5,
          rejected: 1,
          invalid: 2,
          failed: 1,
          cancelled: 9,
        }),
      ),
    ).toEqual({ waiting: 4, sent: 3, accepted: 8, rejected: 4 });
  });
  it('says the ETA in Chinese and "-" when unknown', () => {
    expect(formatEta(null)).toBe('-');
    expect(formatEta(0)).toBe('约1秒');
    expect(formatEta(45)).toBe('约45秒');
    expect(formatEta(200)).toBe('约3分20秒');
    expect(formatEta(120)).toBe('约2分');
    expect(formatEta(3 * 3600 + 5 * 60 + 7)).toBe('约3小时5分');
  });
  it('names marketplaces and upload types in Chinese; unknown codes stay as they are', () => {
    expect(marketplaceLabel('de')).toBe('德国');
    expect(marketplaceLabel('xx')).toBe('xx');
    expect(uploadTypeLabel('price')).toBe('价格');
  });
  it('polls while a queue is pending or running, and stops when every shown queue is finished', () => {
    expect(queueUnfinished({ status: 'running' })).toBe(true);
    expect(queueUnfinished({ status: 'failed' })).toBe(false);
    expect(pollWhileUnfinished([{ status: 'done' }, { status: 'pending' }])).toBe(QUEUE_POLL_MS);
    expect(pollWhileUnfinished([{ status: 'done' }, { status: 'cancelled' }])).toBe(false);
    expect(pollWhileUnfinished(undefined)).toBe(false);
  });
  it('reads the ledger again while a shown listing is on its way', () => {
    expect(pollWhileInFlight([{ status: 'live' }, { status: 'queued' }])).toBe(QUEUE_POLL_MS);
    expect(pollWhileInFlight([{ status: 'live' }, { status: 'rejected' }, { status: 'draft' }])).toBe(false);
  });
});

describe('upload model', () => {
  it('reports the counts of a new queue and of a re-submission', () => {
    expect(uploadResultText({ queue_id: 7, goods: 3, items: 6, invalid: 0 })).toBe(
      '已创建上传队列 #7: 3个商品, 6个站点条目',
    );
    expect(uploadResultText({ goods: 1, items: 2, invalid: 1 })).toBe(
      '已重新提交: 1个商品, 2个站点条目, 其中1个未通过校验(不会发送,请查看错误日志)',
    );
  });
  it('links an issue to the editor field it concerns', () => {
    expect(editorFieldLink(3, { kind: 'title', lang: 'de' })).toBe('/goods/admin/update/3?field=title&lang=de');
    expect(editorFieldLink(3, { kind: 'price', country: 'fr' })).toBe('/goods/admin/update/3?field=price&country=fr');
    expect(editorFieldLink(9, { kind: 'attribute', attr: 'color' })).toBe(
      '/goods/admin/update/9?field=attribute&attr=color',
    );
  });
  it('groups the ledger of a page by product', () => {
    const row = (goods_id: number, marketplace: string) => ({ goods_id, marketplace }) as ListingView;
    const map = listingsByGoods([row(1, 'de'), row(2, 'de'), row(1, 'fr')]);
    expect(map.get(1)?.map((r) => r.marketplace)).toEqual(['de', 'fr']);
    expect(map.get(2)).toHaveLength(1);
    expect(map.get(3)).toBeUndefined();
  });
});
