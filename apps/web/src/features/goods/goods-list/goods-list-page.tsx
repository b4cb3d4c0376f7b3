import type { AuditStatus } from '@console/shared/constants/goods';
import type { GoodsListRow } from '@console/shared/schemas/goods';
import { Badge, Button, Space, Switch, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  batchCopyGoods,
  copyGoods,
  delGoods,
  type GoodsListFilters,
  type GoodsSelection,
  publishForClaim,
  setGoodsStatus,
  useGoodsList,
  useInvalidateGoodsLists,
} from '../../../api/goods';
import { postForFile, saveBlob } from '../../../api/goods-files';
import { useListings } from '../../../api/upload';
import { useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { ListUploadDialog } from '../amazon-upload/list-upload-dialog';
import { listingsByGoods } from '../amazon-upload/upload-model';
import { countLabel } from '../lib/counters';
import { useGoodsListFilters } from '../lib/list-filters-store';
import { BatchEditDialog } from './components/batch-edit-dialog';
import { BatchEnTitleDialog } from './components/batch-en-title-dialog';
import { ExportColumnsDialog } from './components/export-columns-dialog';
import { ExportProgressDialog } from './components/export-dialog';
import { type BatchActions, GoodsBatchBar } from './components/goods-batch-bar';
import { type filterFromValues, GoodsFilterForm, type GoodsFilterValues } from './components/goods-filter-form';
import { type GoodsRowActions, GoodsTable } from './components/goods-table';
import type { Scope } from './components/selection-scope';
import './goods-list.css';
import { useFeedback } from '../../../app/ui-bridge';
import { useRefetchOnShow } from '../../../layout/keep-alive/use-refetch-on-show';

const STATUS_TABS = [
  { key: 'all', label: '全部' },
  { key: 'hasAudit', label: '已审核' },
  { key: 'willAudit', label: '待审核' },
  { key: 'useless', label: '无效' },
] as const;

/** The product list (`/goods/admin/list`). */
export function GoodsListPage() {
  return <GoodsList />;
}

function GoodsList() {
  const [filters, setFilters] = useState<GoodsListFilters>({ page: 1, pageSize: 20, status: 'all', is_delete: 0 });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<'edit' | 'title' | 'upload' | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [exporting, setExporting] = useState<{ selection: GoodsSelection; count: string } | null>(null);
  const list = useGoodsList(filters);
  useRefetchOnShow(list);
  const invalidate = useInvalidateGoodsLists();
  const navigate = useNavigate();
  const { message, modal } = useFeedback();
  const setNavFilters = useGoodsListFilters((s) => s.setFilters);
  // Another page (the home page) asks for a filter: show it in the form and list by it.
  const requested = useGoodsListFilters((s) => s.requested);
  const [preset, setPreset] = useState<GoodsFilterValues | null>(null);
  useEffect(() => {
    if (!requested) return;
    // Taken once: a later refresh of this tab starts from the defaults again.
    useGoodsListFilters.getState().clearRequest();
    setPreset({ type: 0, lack: requested.lack ?? null });
    setSelected(new Set());
    setFilters((old) => ({
      page: 1,
      pageSize: old.pageSize,
      status: requested.status ?? 'all',
      is_delete: 0,
      type: 0,
      ...(requested.lack ? { lack: requested.lack } : {}),
    }));
  }, [requested]);
  const recycleBin = filters.is_delete === 1;

  const filterOnly = useMemo(() => {
    const { page: _p, pageSize: _s, ...f } = filters;
    return f;
  }, [filters]);
  useEffect(() => setNavFilters(filterOnly), [setNavFilters, filterOnly]);

  const onSearch = useCallback(
    (f: ReturnType<typeof filterFromValues>) =>
      setFilters((old) => ({ page: 1, pageSize: old.pageSize, status: old.status, is_delete: old.is_delete, ...f })),
    [],
  );
  const onSelect = useCallback((ids: number[], on: boolean) => {
    setSelected((old) => {
      const next = new Set(old);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  }, []);
  const done = useCallback(() => {
    invalidate();
  }, [invalidate]);

  const remove = useCallback(
    async (ids: number[], mode: 0 | 1 | 2) => {
      const r = await delGoods(ids, mode);
      message.success(`${['已恢复', '已放入回收站', '已彻底删除'][mode]}${r.affected}个商品`);
      setSelected((old) => new Set([...old].filter((id) => !ids.includes(id))));
      done();
    },
    [message, done],
  );

  const rowActions = useMemo<GoodsRowActions>(
    () => ({
      edit: (r) => navigate(`/goods/admin/update/${r.id}`),
      preview: (r) => navigate(`/goods/admin/view/${r.id}`),
      copy: async (r: GoodsListRow) => {
        const c = await copyGoods(r.id);
        message.success(`已复制为商品 #${c.id}`);
        done();
      },
      recycle: (r) =>
        modal.confirm({ title: '放入回收站', content: `将商品 #${r.id} 放入回收站?`, onOk: () => remove([r.id], 1) }),
      restore: (r) => remove([r.id], 0),
      destroy: (r) => remove([r.id], 2),
      downloadImages: async (r) => {
        const f = await postForFile<unknown>('/amazon-user/downZlibImgs', { id: r.id }, `goods-${r.id}-images.zip`);
        if (f.kind === 'file') saveBlob(f.blob, f.fileName);
      },
    }),
    [navigate, message, modal, remove, done],
  );

  // One ledger call per shown page, for users who may upload.
  const mayUpload = useHas()('shop.use');
  const pageIds = useMemo(() => (list.data?.list ?? []).map((r) => r.id), [list.data]);
  const ledger = useListings(pageIds, mayUpload && !recycleBin);
  useRefetchOnShow(ledger);
  const listings = useMemo(
    () => (mayUpload && !recycleBin ? listingsByGoods(ledger.data?.list ?? []) : null),
    [mayUpload, recycleBin, ledger.data],
  );
  const counts = list.data?.counts;
  const capped = list.data?.total_capped ?? false;
  const totalLabel = countLabel(list.data?.total ?? 0, capped);
  const ids = useMemo(() => [...selected], [selected]);
  const selectionFor = useCallback(
    (scope: Scope): GoodsSelection => (scope === 'selected' ? { ids } : { filter: filterOnly }),
    [ids, filterOnly],
  );

  const batchActions = useMemo<BatchActions>(
    () => ({
      batchEdit: () => setDialog('edit'),
      batchReplaceEnTitle: () => setDialog('title'),
      upload: () => setDialog('upload'),
      batchCopy: async () => {
        const r = await batchCopyGoods(ids);
        message.success(`已复制${r.copies.length}个商品`);
        done();
      },
      publishClaim: async (claimable: boolean) => {
        const r = await publishForClaim(ids, claimable);
        message.success(claimable ? `已发布${r.affected}个商品到认领商品` : `已撤回${r.affected}个商品的认领发布`);
        done();
      },
      setStatus: async (status: AuditStatus) => {
        const r = await setGoodsStatus(ids, status);
        if (r.refused.length)
          message.warning(`已修改${r.affected}个,${r.refused.length}个不允许: ${r.refused[0]?.reason}`);
        else message.success(`已修改${r.affected}个商品`);
        done();
      },
      recycle: () => remove(ids, 1),
      restore: () => remove(ids, 0),
      destroy: () => remove(ids, 2),
      exportItems: (scope: Scope) =>
        setExporting({
          selection: selectionFor(scope),
          count: scope === 'selected' ? String(ids.length) : totalLabel,
        }),
      clear: () => setSelected(new Set()),
    }),
    [ids, message, remove, done, selectionFor, totalLabel],
  );

  const pagination = useMemo(
    () => ({
      current: filters.page,
      pageSize: filters.pageSize,
      total: list.data?.total ?? 0,
      onChange: (page: number, pageSize: number) =>
        setFilters((f) => ({ ...f, page: pageSize === f.pageSize ? page : 1, pageSize })),
    }),
    [filters.page, filters.pageSize, list.data?.total],
  );

  return (
    <PageContainer
      title="商品列表"
      extra={
        <Space>
          <span>回收站</span>
          <Switch
            checked={recycleBin}
            data-testid="goods-recycle-toggle"
            onChange={(on) => {
              setSelected(new Set());
              setFilters((f) => ({ ...f, page: 1, is_delete: on ? 1 : 0 }));
            }}
          />
          <Button type="primary" onClick={() => navigate('/goods/admin/create')} data-testid="goods-create">
            创建商品
          </Button>
        </Space>
      }
    >
      <GoodsFilterForm onSearch={onSearch} preset={preset} />
      <Tabs
        activeKey={filters.status ?? 'all'}
        onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
        items={STATUS_TABS.map((t) => ({
          key: t.key,
          label: (
            <span data-testid={`goods-status-${t.key}`}>
              {t.label}{' '}
              <Badge count={countLabel(counts?.[t.key] ?? 0, capped)} showZero overflowCount={999999} color="#bfbfbf" />
            </span>
          ),
        }))}
      />
      <GoodsBatchBar count={selected.size} total={totalLabel} recycleBin={recycleBin} actions={batchActions} />
      <GoodsTable
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        recycleBin={recycleBin}
        actions={rowActions}
        selected={selected}
        onSelect={onSelect}
        listings={listings}
        pagination={pagination}
      />
      {dialog === 'edit' && (
        <BatchEditDialog
          open
          onClose={() => setDialog(null)}
          selectionFor={selectionFor}
          selectedCount={selected.size}
          total={totalLabel}
          onDone={done}
        />
      )}
      {dialog === 'title' && (
        <BatchEnTitleDialog
          open
          onClose={() => setDialog(null)}
          selectionFor={selectionFor}
          selectedCount={selected.size}
          total={totalLabel}
          onDone={done}
        />
      )}
      {dialog === 'upload' && (
        <ListUploadDialog
          open
          onClose={() => setDialog(null)}
          selectionFor={selectionFor}
          selectedCount={selected.size}
          total={totalLabel}
        />
      )}
      <ExportColumnsDialog
        selection={exporting?.selection ?? null}
        count={exporting?.count ?? ''}
        onClose={() => setExporting(null)}
        onJob={setJobId}
      />
      <ExportProgressDialog jobId={jobId} onClose={() => setJobId(null)} />
    </PageContainer>
  );
}
