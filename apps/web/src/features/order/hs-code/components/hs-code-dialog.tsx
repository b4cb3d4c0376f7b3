import { CUSTOMS_UNITS, type CustomsUnit, VALUE_RULES, type ValueRule } from '@console/shared/customs/hs-code';
import { CURRENCIES, type CurrencyCode } from '@console/shared/money';
import type { HsCodeRow } from '@console/shared/schemas/customs';
import type { CategoryNode } from '@console/shared/schemas/goods-library';
import { Form, Input, InputNumber, Modal, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useHsCodeMutations } from '../../../../api/customs';
import { useCategoryTree } from '../../../../api/goods-library-pool';
import { useFeedback } from '../../../../app/ui-bridge';

interface Values {
  hs_code: string;
  name_cn: string;
  name_en: string;
  unit: CustomsUnit;
  value_rule: ValueRule;
  value_ratio?: number | null;
  value_fixed?: string | null;
  value_currency?: CurrencyCode | null;
  remark?: string;
  category_ids: number[];
  goods_ids: (number | string)[];
}

interface TreeNode {
  title: string;
  value: number;
  children: TreeNode[];
}

/** Category tree as TreeSelect data. */
function treeData(nodes: readonly CategoryNode[]): TreeNode[] {
  return nodes.map((n) => ({ title: n.name, value: n.id, children: treeData(n.children) }));
}

/** The HS code format as the server checks it, said before sending (digits, 6/8/10, dots allowed). */
const HS_PATTERN = /^\d{2}(\.?\d{2}){2}((\.?\d{2}){1,2})?$/;

/** Add or edit one HS code: names, unit, declared-value rule, linked categories and products. */
export function HsCodeDialog({ row, open, onClose }: { row: HsCodeRow | null; open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const { create, update } = useHsCodeMutations();
  const tree = useCategoryTree();
  const rule = Form.useWatch('value_rule', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) {
      form.setFieldsValue({
        ...row,
        // The row comes from the server, which stores only units and currencies of these lists.
        unit: row.unit as CustomsUnit,
        value_currency: row.value_currency as CurrencyCode | null,
        category_ids: row.categories.map((c) => c.id),
        goods_ids: row.goods.map((g) => g.id),
      });
    }
  }, [open, row, form]);

  const submit = async (v: Values) => {
    const body = {
      ...v,
      remark: v.remark ?? '',
      value_ratio: v.value_rule === 'ratio' ? (v.value_ratio ?? null) : null,
      value_fixed: v.value_rule === 'fixed' ? (v.value_fixed ?? null) : null,
      value_currency: v.value_rule === 'fixed' ? (v.value_currency ?? null) : null,
      goods_ids: v.goods_ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0),
    };
    try {
      if (row) await update.mutateAsync({ ...body, id: row.id, version: row.version });
      else await create.mutateAsync(body);
      message.success(row ? '修改成功' : '添加成功');
      onClose();
    } catch {
      // The http client showed the server's message; the dialog stays open to fix the input.
    }
  };

  return (
    <Modal
      title={row ? '编辑海关编码' : '添加海关编码'}
      open={open}
      width={800}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ value_rule: 'order', unit: '件', category_ids: [], goods_ids: [] }}
        data-testid="hs-code-form"
      >
        <Form.Item
          name="hs_code"
          label="HS编码"
          rules={[
            { required: true, message: '请填写HS编码' },
            { pattern: HS_PATTERN, message: 'HS编码应为6位、8位或10位数字(可用点分隔)' },
          ]}
        >
          <Input placeholder="例如 6109.10.00.00" maxLength={16} />
        </Form.Item>
        <Form.Item name="name_cn" label="中文申报品名" rules={[{ required: true, message: '请填写该字段' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="name_en"
          label="英文申报品名"
          rules={[
            { required: true, message: '请填写英文申报品名' },
            { pattern: /^[\x20-\x7E]+$/, message: '英文申报品名只能包含英文字母、数字和常用符号' },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="unit" label="申报单位" rules={[{ required: true, message: '请选择申报单位' }]}>
          <Select options={CUSTOMS_UNITS.map((u) => ({ label: u, value: u }))} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="value_rule" label="申报价值规则" rules={[{ required: true, message: '请选择申报价值规则' }]}>
          <Select
            options={Object.entries(VALUE_RULES).map(([value, label]) => ({ label, value }))}
            style={{ width: 240 }}
          />
        </Form.Item>
        {rule === 'ratio' && (
          <Form.Item name="value_ratio" label="申报比例(%)" rules={[{ required: true, message: '请填写申报比例' }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        )}
        {rule === 'fixed' && (
          <>
            <Form.Item
              name="value_fixed"
              label="每件申报价值"
              rules={[{ required: true, message: '请填写固定申报价值' }]}
            >
              <Input style={{ width: 160 }} placeholder="例如 4.50" />
            </Form.Item>
            <Form.Item name="value_currency" label="申报币种" rules={[{ required: true, message: '请选择申报币种' }]}>
              <Select
                style={{ width: 160 }}
                options={Object.entries(CURRENCIES).map(([code, c]) => ({ label: `${code} ${c.name}`, value: code }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="category_ids" label="关联分类" extra="分类下的商品(含子分类)未单独关联时按此编码申报">
          <TreeSelect
            multiple
            treeData={treeData(tree.data ?? [])}
            treeDefaultExpandAll
            allowClear
            loading={tree.isLoading}
          />
        </Form.Item>
        <Form.Item name="goods_ids" label="关联商品ID" extra="输入商品ID后回车;单独关联的商品优先于分类">
          <Select
            mode="tags"
            tokenSeparators={[',', ' ']}
            options={(row?.goods ?? []).map((g) => ({ label: `${g.id} ${g.name}`, value: g.id }))}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
