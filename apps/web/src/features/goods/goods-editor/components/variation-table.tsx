import { isAmazonSku, SKU_MAX } from '@console/shared/sku/sku';
import { Input, Tooltip } from 'antd';
import { memo } from 'react';
import { MoneyInput } from '../../../../components/money-input';
import { fenToYuan, yuanToFen } from '../../lib/money';
import type { VariationRow } from '../../lib/variations';
import { useEditor, useEditorStore } from '../editor-store';
import { VariationImagesCell } from './variation-images';

/** Why a SKU is flagged: Amazon takes printable ASCII without spaces, at most 40 characters. */
const AMAZON_SKU_HINT = `亚马逊SKU仅限英文字母、数字和符号(不含空格),最多${SKU_MAX}个字符`;

const toInt = (s: string) => (s.trim() === '' ? undefined : Math.max(0, Math.floor(Number(s) || 0)));

const ChildRow = memo(function ChildRow({ row, index, attrs }: { row: VariationRow; index: number; attrs: string[] }) {
  const store = useEditorStore();
  const set = (patch: Partial<VariationRow>) => store.getState().setChild(index, patch);
  return (
    <tr data-testid={`variation-row-${index}`}>
      <td className="var-no">{index + 1}</td>
      {attrs.map((a) => (
        <td key={a}>{row.values[a]}</td>
      ))}
      <td>
        <Tooltip title={isAmazonSku(row.sku) ? undefined : AMAZON_SKU_HINT}>
          <Input
            size="small"
            value={row.sku}
            status={isAmazonSku(row.sku) ? undefined : 'warning'}
            onChange={(e) => set({ sku: e.target.value })}
            data-testid={`variation-sku-${index}`}
          />
        </Tooltip>
      </td>
      <td>
        <MoneyInput
          size="small"
          value={row.price === undefined ? null : fenToYuan(row.price)}
          // Text that is no amount stays on screen in red (金额格式不正确) and changes nothing.
          onChange={(v) => {
            if (v === null) set({ price: undefined });
            else if (!Number.isNaN(v)) set({ price: yuanToFen(v) });
          }}
          data-testid={`variation-price-${index}`}
        />
      </td>
      <td>
        <Input
          size="small"
          inputMode="numeric"
          value={row.quantity === undefined ? '' : String(row.quantity)}
          onChange={(e) => set({ quantity: toInt(e.target.value) })}
          data-testid={`variation-qty-${index}`}
        />
      </td>
      <td>
        <VariationImagesCell images={row.images} index={index} attr={attrs[0]} />
      </td>
      <td className="var-ean">
        {row.ean ? (
          <Tooltip title="由系统从EAN库分配">
            <span data-testid={`variation-ean-${index}`}>{row.ean}</span>
          </Tooltip>
        ) : (
          <span className="var-muted">保存时分配</span>
        )}
      </td>
    </tr>
  );
});

/** The child rows of the variation table: one memoised row per child, so editing one row re-renders only it. */
export const VariationTable = memo(function VariationTable() {
  const children = useEditor((s) => s.draft.parentage.children);
  const attrs = useEditor((s) => s.draft.parentage.attrs);
  if (children.length === 0) return <p className="var-muted">尚无变体:填写属性和值后点击"生成变体"。</p>;
  const names = attrs.filter((a) => a.trim());
  return (
    <div className="var-table-wrap">
      <table className="var-table" data-testid="variation-table">
        <thead>
          <tr>
            <th>#</th>
            {names.map((a) => (
              <th key={a}>{a}</th>
            ))}
            <th>SKU</th>
            <th>成本价(元)</th>
            <th>库存</th>
            <th>图片</th>
            <th>EAN</th>
          </tr>
        </thead>
        <tbody>
          {children.map((row, i) => (
            <ChildRow key={i} row={row} index={i} attrs={names} />
          ))}
        </tbody>
      </table>
    </div>
  );
});
