import type { ListingView, UploadCounts } from '@console/shared/schemas/upload';
import { describe, expect, it } from 'vitest';
import { pollWhileInFlight, pollWhileUnfinished, QUEUE_POLL_MS, queueUnfinished } from '../../../api/upload';
import {
  formatEta,
  ITEM_STATUS_COLOR,
  itemStatusLabel,
  LISTING_STATUS_COLOR,
  listingStatusLabel,
  marketplaceLabel,
  queueFigures,
  queueProgress,
  queueStateText,
  uploadTypeLabel,
} from './upload-labels';
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
  unknown: 0,
  cancelled: 0,
  ...c,
});

describe('upload labels and figures', () => {
  it('counts each end apart in the vocabulary: the check, Amazon, delivery and unknown are never one figure', () => {
    const f = queueFigures(
      counts({
        waiting: 4,
        sending: 1,
        submitted: 2,
        accepted: 3,
        live: 5,
        rejected: 1,
        invalid: 2,
        failed: 1,
        unknown: 3,
        cancelled: 9,
      }),
    );
    expect(f.figures.map((x) => `${x.label} ${x.count}`)).toEqual([
      '等待发送 4',
      '处理中 6',
      '已上架 5',
      '未通过检查 2',
      '亚马逊拒绝 1',
      '发送失败 1',
      '结果未知 3',
      '已取消 9',
    ]);
    expect(f.retryable).toBe(7);
    // Ends that did not happen are left out; the first three always show.
    expect(queueFigures(counts({ live: 2 })).figures.map((x) => x.label)).toEqual(['等待发送', '处理中', '已上架']);
  });
  it('one word per state: an item and its ledger row in the same state read the same word and colour', () => {
    const pairs = [
      ['waiting', 'queued', '等待发送'],
      ['live', 'live', '已上架'],
      ['rejected', 'rejected', '亚马逊拒绝'],
      ['invalid', 'invalid', '未通过检查'],
      ['failed', 'failed', '发送失败'],
      ['unknown', 'unknown', '结果未知'],
    ] as const;
    for (const [item, ledger, word] of pairs) {
      expect(itemStatusLabel(item)).toBe(word);
      expect(listingStatusLabel(ledger)).toBe(word);
      expect(ITEM_STATUS_COLOR[item]).toBe(LISTING_STATUS_COLOR[ledger]);
    }
  });
  it('a finished queue shows its outcome: a refused queue is never a green check', () => {
    expect(queueStateText({ status: 'done', outcome: 'failed' })).toEqual({ text: '全部失败', color: 'error' });
    expect(queueStateText({ status: 'done', outcome: 'partial' })).toEqual({ text: '部分失败', color: 'warning' });
    expect(queueStateText({ status: 'done', outcome: 'success' })).toEqual({ text: '全部成功', color: 'success' });
    expect(queueStateText({ status: 'running', outcome: null })).toEqual({ text: '进行中', color: 'processing' });
    expect(queueProgress({ status: 'done', outcome: 'failed' }).status).toBe('exception');
    expect(queueProgress({ status: 'done', outcome: 'partial' })).toEqual({ status: 'normal', warning: true });
    expect(queueProgress({ status: 'done', outcome: 'success' }).status).toBe('success');
    expect(queueProgress({ status: 'running', outcome: null }).status).toBe('active');
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
      '已重新提交: 1个商品, 2个站点条目, 其中1个未通过检查(不会发送,请查看错误日志)',
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
