import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import { ALL_LANGS } from '@console/shared/schemas/goods-library';
import { Form, Input, Modal, Select } from 'antd';
import { useSensitiveMutations } from '../../../../api/goods-library-pool';
import { useFeedback } from '../../../../app/ui-bridge';

/** Language choices of a sensitive word: every language, or one editor language. */
export const WORD_LANG_OPTIONS = [
  { value: ALL_LANGS, label: '所有语言' },
  ...DESC_LANGUAGES.map((l) => ({ value: l.key as string, label: l.label })),
];

/** The label of a word's language key. */
export function wordLangLabel(lang: string): string {
  return WORD_LANG_OPTIONS.find((o) => o.value === lang)?.label ?? lang;
}

interface Values {
  lang: string;
  words: string;
}

/** Bulk add of sensitive words: one word per line for one language or all of them. */
export function SensitiveAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const { create } = useSensitiveMutations();

  const submit = async (v: Values) => {
    try {
      const r = await create.mutateAsync({ lang: v.lang, words: v.words });
      message.success(`添加成功: 新增 ${r.added} 个,重复 ${r.duplicate} 个已忽略`);
      form.resetFields();
      onClose();
    } catch {
      // The http client showed the server's reason; the dialog stays open.
    }
  };

  return (
    <Modal
      title="批量添加敏感词"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="添加"
      confirmLoading={create.isPending}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ lang: ALL_LANGS }} onFinish={submit}>
        <Form.Item name="lang" label="语言" rules={[{ required: true, message: '请选择语言' }]}>
          <Select options={WORD_LANG_OPTIONS} data-testid="sensitive-add-lang" />
        </Form.Item>
        <Form.Item
          name="words"
          label="敏感词"
          extra="每行一个(逗号、分号、顿号也可分隔),重复的词会被忽略,每个词不超过100个字符"
          rules={[{ required: true, whitespace: true, message: '请填写敏感词' }]}
        >
          <Input.TextArea rows={8} data-testid="sensitive-add-words" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
