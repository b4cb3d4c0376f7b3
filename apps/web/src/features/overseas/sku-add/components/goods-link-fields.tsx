import { Form, Select } from 'antd';
import { useState } from 'react';
import { useHsCodeList } from '../../../../api/customs';
import { useGoods, useGoodsList } from '../../../../api/goods';

/**
 * 关联商品 and 商品SKU: a product of the library found by keyword, then its own SKU or one of its
 * variations' (the server checks both belong to the tenant).
 */
export function GoodsLinkFields() {
  const form = Form.useFormInstance();
  const goodsId = Form.useWatch<number | null>('goods_id', form) ?? null;
  const [keyword, setKeyword] = useState('');
  const list = useGoodsList({ page: 1, pageSize: 20, ...(keyword ? { keyword } : {}) });
  const goods = useGoods(goodsId);
  const data = goods.data?.goodsData;
  const skus = [data?.baseInfo.sku, ...(data?.parentageTable.children.map((c) => c.sku) ?? [])].filter(
    (s): s is string => Boolean(s),
  );
  const options = (list.data?.list ?? []).map((g) => ({ value: g.id, label: `${g.sku || '-'} ${g.title}` }));
  if (goodsId !== null && !options.some((o) => o.value === goodsId))
    options.unshift({ value: goodsId, label: `${data?.baseInfo.sku ?? ''} 商品ID ${goodsId}` });
  return (
    <>
      <Form.Item label="关联商品" name="goods_id" extra="商品库中的商品,可不填">
        <Select
          allowClear
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          options={options}
          loading={list.isFetching}
          placeholder="搜索标题或SKU"
          onChange={() => form.setFieldValue('goods_sku', '')}
          data-testid="sku-goods"
        />
      </Form.Item>
      <Form.Item label="商品SKU(变体)" name="goods_sku">
        <Select
          allowClear
          disabled={goodsId === null}
          options={skus.map((s) => ({ value: s, label: s }))}
          placeholder="选择商品或其变体的SKU"
          data-testid="sku-goods-sku"
        />
      </Form.Item>
    </>
  );
}

/** 海关编码: one of the tenant's HS codes (the customs module's list). */
export function HsCodeField() {
  const [keyword, setKeyword] = useState('');
  const list = useHsCodeList({ page: 1, pageSize: 50, ...(keyword ? { keyword } : {}) });
  return (
    <Form.Item label="海关编码" name="hs_code" extra="在 订单 → 海关编码 中维护">
      <Select
        allowClear
        showSearch
        filterOption={false}
        onSearch={setKeyword}
        loading={list.isFetching}
        options={(list.data?.list ?? []).map((h) => ({ value: h.hs_code, label: `${h.hs_code} ${h.name_cn}` }))}
        data-testid="sku-hs-code"
      />
    </Form.Item>
  );
}
