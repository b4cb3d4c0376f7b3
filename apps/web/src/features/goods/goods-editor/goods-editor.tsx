import { Alert, Button, Tabs } from 'antd';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StoreApi } from 'zustand';
import type { SaveResult } from '../../../api/goods';
import { PageContainer } from '../../../layout/page/page-container';
import { useTabDirtyGuard } from '../../../layout/tabs/use-tab-dirty-guard';
import { EditorReadiness } from '../amazon-upload/editor-readiness';
import { ListingPanel } from '../amazon-upload/listing-badges';
import { AttributesForm } from './components/attributes-form';
import { BaseInfoForm } from './components/base-info-form';
import { EditorHeader } from './components/editor-header';
import { ImageSection } from './components/image-section';
import { PriceTable } from './components/price-table';
import { TextsPane } from './components/texts-pane';
import { VariationBuilder } from './components/variation-builder';
import { type EditorState, EditorStoreContext, useEditor } from './editor-store';
import { EditorFieldOpenerContext } from './field-opener';
import { openFieldIn, useOpenField } from './open-field';
import { applyStoredProductId, assignedProductId, EditorTargetContext } from './product-id';
import { useSaveGoods } from './use-save-goods';
import './goods-editor.css';

const PANES = [
  { key: '0', label: '基础信息', Pane: BaseInfoForm },
  { key: '1', label: '文本', Pane: TextsPane },
  { key: '2', label: '价格', Pane: PriceTable },
  { key: '3', label: '变体', Pane: VariationBuilder },
  { key: '4', label: '图片', Pane: ImageSection },
  { key: '5', label: '扩展属性', Pane: AttributesForm },
];

const Panes = memo(function Panes({ store }: { store: StoreApi<EditorState> }) {
  const pane = useEditor((s) => s.paneName);
  const more = useEditor((s) => s.switches.goodsInfo);
  return (
    <Tabs
      activeKey={pane}
      onChange={(k) => store.getState().setPane(k)}
      tabBarExtraContent={
        pane === '0' ? (
          <Button type="link" onClick={() => store.getState().setSwitch('goodsInfo', !more)}>
            {more ? '收起更多信息' : '更多信息'}
          </Button>
        ) : null
      }
      items={PANES.map(({ key, label, Pane }) => ({ key, label, children: <Pane /> }))}
    />
  );
});

/** Warns before a reload or closing the window while the editor has unsaved changes. */
function useLeaveGuard(store: StoreApi<EditorState>) {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!store.getState().isDirty()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [store]);
}

/** The product editor for one product (or a new one) around its store. */
export function GoodsEditor({
  store,
  id,
  version,
  onReload,
}: {
  store: StoreApi<EditorState>;
  id: number | null;
  version: number | null;
  onReload: () => void;
}) {
  const [stale, setStale] = useState('');
  const [current, setCurrent] = useState(version);
  const navigate = useNavigate();
  useLeaveGuard(store);
  // Closing or refreshing this tab (or dropping it with close-others/all) asks while unsaved.
  useTabDirtyGuard(
    () => store.getState().isDirty(),
    () => (id ? `编辑商品 #${id}` : '创建商品'),
  );
  useEffect(() => setCurrent(version), [version]);
  // Links of the error feed open the editor on a field (`?field=title&lang=de`).
  const root = useRef<HTMLDivElement>(null);
  useOpenField(store, root);

  const onSaved = (r: SaveResult) => {
    setStale('');
    setCurrent(r.version);
    // A 产品ID the save assigned from the EAN pool shows at once (it is saved: no unsaved change).
    applyStoredProductId(store, assignedProductId(r));
    // After a create, the update route of the new product replaces this tab (it closes the create tab once shown).
    if (!id)
      navigate(`/goods/admin/update/${r.id}`, { replace: true, state: { warnings: r.warnings, fromCreate: true } });
  };
  const { save, saving } = useSaveGoods(store, { id, version: current }, { onSaved, onStale: setStale });
  const target = useMemo(() => ({ id, version: current, setVersion: setCurrent }), [id, current]);
  // 去修改 of this product shown inside its editor (upload dialog, 上架检查) opens the field here.
  const opener = useMemo(
    () => ({ goodsId: id, open: (query: URLSearchParams) => void openFieldIn(store, root, query) }),
    [id, store],
  );

  return (
    <EditorStoreContext.Provider value={store}>
      <EditorFieldOpenerContext.Provider value={opener}>
        <PageContainer
          title={id ? `编辑商品 #${id}` : '创建商品'}
          parent="goods-admin-list"
          extra={<EditorHeader id={id} saving={saving} onSave={save} onReload={onReload} />}
        >
          {stale && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="editor-stale"
              title={stale}
              description="为避免覆盖他人的修改,本次保存未生效。重新加载会丢弃本页未保存的输入。"
              action={
                <Button danger onClick={onReload} data-testid="editor-reload">
                  重新加载
                </Button>
              }
            />
          )}
          <div ref={root}>
            {id && <EditorReadiness goodsId={id} />}
            {id && <ListingPanel goodsId={id} />}
            <EditorTargetContext.Provider value={target}>
              <Panes store={store} />
            </EditorTargetContext.Provider>
          </div>
        </PageContainer>
      </EditorFieldOpenerContext.Provider>
    </EditorStoreContext.Provider>
  );
}
