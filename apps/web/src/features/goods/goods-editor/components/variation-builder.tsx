import { Button, Col, Input, InputNumber, Popconfirm, Row, Select, Space, Switch } from 'antd';
import { memo, useState } from 'react';
import { useFeedback } from '../../../../app/ui-bridge';
import { MoneyInput } from '../../../../components/money-input';
import { yuanToFen } from '../../lib/money';
import { bulkFill, generateVariations } from '../../lib/variations';
import { useEditor, useEditorStore } from '../editor-store';
import { VariationTable } from './variation-table';

/** At most 3 variation attributes (parentageTable.attrs). */
const MAX_ATTRS = 3;

/** Variations pane: theme, up to 3 attributes with values, "生成变体" (cartesian product), bulk fill and the child table. */
export const VariationBuilder = memo(function VariationBuilder() {
  const store = useEditorStore();
  const { message } = useFeedback();
  const on = useEditor((s) => s.switches.parentage);
  const theme = useEditor((s) => s.draft.parentage.theme);
  const attrs = useEditor((s) => s.draft.parentage.attrs);
  const values = useEditor((s) => s.draft.parentage.values);
  const count = useEditor((s) => s.draft.parentage.children.length);
  const [fillPrice, setFillPrice] = useState<number | null>(null);
  const [fillQty, setFillQty] = useState<number | null>(null);
  const slots = Array.from({ length: Math.max(1, attrs.length) }, (_, i) => i);
  const setAttr = (i: number, name: string) => {
    const next = slots.map((j) => attrs[j] ?? '');
    next[i] = name;
    store.getState().setParentage({ attrs: next });
  };
  const setValues = (i: number, v: string[]) => {
    const next = slots.map((j) => values[j] ?? []);
    next[i] = v;
    store.getState().setParentage({ values: next });
  };
  const generate = async () => {
    // The pinyin dictionary is large: loaded on the first generation only.
    const { toPinyin } = await import('@console/shared/sku-pinyin');
    const { draft } = store.getState();
    const rows = generateVariations(draft.baseInfo.sku ?? '', attrs, values, draft.parentage.children, toPinyin);
    if (rows.length === 0) return message.warning('请填写变体属性名和每个属性的值');
    store.getState().setParentage({ children: rows });
    message.success(`已生成${rows.length}个变体`);
  };

  return (
    <div data-testid="variation-builder">
      <Space style={{ marginBottom: 12 }}>
        <span>启用变体</span>
        <Switch
          checked={on}
          onChange={(v) => store.getState().setSwitch('parentage', v)}
          data-testid="variation-switch"
        />
      </Space>
      {on && (
        <>
          <Row gutter={12} style={{ marginBottom: 8 }}>
            <Col span={6}>
              <Input
                addonBefore="变体主题"
                value={theme}
                placeholder="如 SizeColor"
                onChange={(e) => store.getState().setParentage({ theme: e.target.value })}
                data-testid="variation-theme"
              />
            </Col>
          </Row>
          {slots.map((i) => (
            <Row gutter={12} key={i} style={{ marginBottom: 8 }}>
              <Col span={6}>
                <Input
                  addonBefore={`属性${i + 1}`}
                  value={attrs[i] ?? ''}
                  placeholder="如 颜色"
                  onChange={(e) => setAttr(i, e.target.value)}
                  data-testid={`variation-attr-${i}`}
                />
              </Col>
              <Col span={14}>
                <Select
                  mode="tags"
                  open={false}
                  style={{ width: '100%' }}
                  placeholder="输入属性值后回车"
                  value={values[i] ?? []}
                  onChange={(v) => setValues(i, v)}
                  tokenSeparators={[',', ',']}
                  data-testid={`variation-values-${i}`}
                />
              </Col>
            </Row>
          ))}
          <Space wrap style={{ marginBottom: 12 }}>
            <Button
              disabled={slots.length >= MAX_ATTRS}
              onClick={() => store.getState().setParentage({ attrs: [...slots.map((j) => attrs[j] ?? ''), ''] })}
            >
              添加属性
            </Button>
            <Button type="primary" onClick={generate} data-testid="variation-generate">
              生成变体
            </Button>
            <MoneyInput placeholder="成本价(元)" style={{ width: 120 }} value={fillPrice} onChange={setFillPrice} />
            <InputNumber placeholder="库存" min={0} precision={0} value={fillQty} onChange={setFillQty} />
            <Button
              disabled={count === 0 || (fillPrice === null && fillQty === null) || Number.isNaN(fillPrice)}
              onClick={() => {
                const p = store.getState().draft.parentage;
                store.getState().setParentage({
                  children: bulkFill(p.children, {
                    ...(fillPrice !== null ? { price: yuanToFen(fillPrice) } : {}),
                    ...(fillQty !== null ? { quantity: fillQty } : {}),
                  }),
                });
              }}
            >
              批量填充
            </Button>
            <Popconfirm title="清空全部变体?" onConfirm={() => store.getState().setParentage({ children: [] })}>
              <Button danger disabled={count === 0}>
                清空变体
              </Button>
            </Popconfirm>
            <span>共 {count} 个变体</span>
          </Space>
          <VariationTable />
        </>
      )}
    </div>
  );
});
