import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { type GoodsRecord, type SaveResult, useGoods, usePriceInfo } from '../../../api/goods';
import { useTabsStore } from '../../../stores/tabs-store';
import { emptyDraft, fromGoodsData } from './editor-model';
import { createEditorStore } from './editor-store';
import { GoodsEditor } from './goods-editor';

/** Editor routes `/goods/admin/create` and `/goods/admin/update/:goods_id` (kept alive per goods_id by the shell). */
export function GoodsEditorPage() {
  return <EditorLoader />;
}

function EditorLoader() {
  const { goods_id } = useParams();
  const id = goods_id ? Number(goods_id) : null;
  return id ? <UpdateEditor id={id} /> : <CreateEditor />;
}

/** Closes the create tab (dropping its kept state) once the new product's update tab is shown. */
function closeCreateTab() {
  const tabs = useTabsStore.getState();
  const createTab = tabs.opened.find((t) => t.fullPath === '/goods/admin/create');
  if (createTab) tabs.commit({ opened: tabs.opened.filter((t) => t !== createTab), removed: [createTab] });
}

type Loaded = { store: ReturnType<typeof createEditorStore>; version: number | null; n: number };

function CreateEditor() {
  const price = usePriceInfo();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const range = price.data?.quantityRange;
  const build = (n: number): Loaded => ({ store: createEditorStore(emptyDraft(range)), version: null, n });
  useEffect(() => {
    if (!price.isLoading && !loaded) setLoaded({ store: createEditorStore(emptyDraft(range)), version: null, n: 0 });
  }, [price.isLoading, loaded, range]);
  if (!loaded) return <Spin style={{ margin: 48 }} />;
  return (
    <GoodsEditor
      key={loaded.n}
      store={loaded.store}
      id={null}
      version={null}
      onReload={() => setLoaded(build(loaded.n + 1))}
    />
  );
}

/** The store and the version it was loaded at travel together, so a background refetch never moves the version. */
function buildLoaded(record: GoodsRecord, n: number): Loaded {
  const g = record.goodsData;
  const switches = { parentage: (g.parentageTable?.children?.length ?? 0) > 0 };
  return { store: createEditorStore(fromGoodsData(g), { switches }), version: record.version, n };
}

function UpdateEditor({ id }: { id: number }) {
  const goods = useGoods(id);
  const location = useLocation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const record = goods.data;
  useEffect(() => {
    if (record && !loaded) setLoaded(buildLoaded(record, 0));
  }, [record, loaded]);
  // A create that just saved: show its warnings here and close the create tab (this tab replaces it).
  useEffect(() => {
    const st = location.state as { warnings?: SaveResult['warnings']; fromCreate?: boolean } | null;
    const w = st?.warnings;
    if (loaded && w)
      loaded.store.getState().setWarnings({ sensitive: w.sensitive ?? [], missingAttrs: w.missingAttrs ?? [] });
    if (loaded && st?.fromCreate) closeCreateTab();
  }, [loaded, location.state]);

  if (goods.isError) return <Result status="404" title="商品不存在或无权访问" />;
  if (!loaded) return <Spin style={{ margin: 48 }} />;
  return (
    <GoodsEditor
      key={loaded.n}
      store={loaded.store}
      id={id}
      version={loaded.version}
      onReload={async () => {
        const r = await goods.refetch();
        if (r.data) setLoaded(buildLoaded(r.data, loaded.n + 1));
      }}
    />
  );
}
