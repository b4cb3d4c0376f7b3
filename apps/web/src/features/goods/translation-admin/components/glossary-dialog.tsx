import type { GlossaryEntry } from '@console/shared/schemas/translate';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../../api/http';
import { useGlossaryMutations } from '../../../../api/translate';
import { useFeedback } from '../../../../app/ui-bridge';
import { GLOSSARY_LANG_OPTIONS } from '../translation-admin';

interface Values {
  term: string;
  lang: string;
  kind: 'keep' | 'force';
  translation?: string;
}

/** Add or edit one glossary entry: a do-not-translate term, or a forced translation per language. */
export function GlossaryDialog({
  entry,
  open,
  onClose,
}: {
  /** The entry to edit; null adds a new one. */
  entry: GlossaryEntry | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { save } = useGlossaryMutations();
  const { message } = useFeedback();
  const [error, setError] = useState('');
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (!open) return;
    setError('');
    form.setFieldsValue(
      entry
        ? {
            term: entry.term,
            lang: entry.lang,
            kind: entry.translation ? 'force' : 'keep',
            translation: entry.translation,
          }
        : { term: '', lang: '', kind: 'keep', translation: '' },
    );
  }, [open, entry, form]);

  const submit = async (v: Values) => {
    setError('');
    try {
      await save.mutateAsync({
        ...(entry ? { id: entry.id } : {}),
        term: v.term.trim(),
        lang: v.lang,
        translation: v.kind === 'force' ? (v.translation ?? '').trim() : '',
      });
      message.success('保存成功');
      onClose();
    } catch (e) {
      // 409 该术语已存在 and other refusals stay in the dialog.
      if (e instanceof ApiError) setError(e.message);
      else throw e;
    }
  };

  return (
    <Modal
      title={entry ? '编辑术语' : '添加术语'}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      forceRender
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="glossary-error" />}
      <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="glossary-form">
        <Form.Item
          name="term"
          label="术语"
          extra="品牌名、型号等;匹配整词,不区分大小写"
          rules={[
            { required: true, whitespace: true, message: '请填写术语' },
            { max: 100, message: '术语不能超过100个字符' },
          ]}
        >
          <Input data-testid="glossary-term" />
        </Form.Item>
        <Form.Item name="lang" label="适用语言">
          <Select options={GLOSSARY_LANG_OPTIONS} data-testid="glossary-lang" />
        </Form.Item>
        <Form.Item name="kind" label="处理方式">
          <Radio.Group
            options={[
              { value: 'keep', label: '不翻译(保持原样)' },
              { value: 'force', label: '指定译法' },
            ]}
            data-testid="glossary-kind"
          />
        </Form.Item>
        {kind === 'force' && (
          <Form.Item
            name="translation"
            label="译法"
            rules={[
              { required: true, whitespace: true, message: '请填写译法' },
              { max: 200, message: '译法不能超过200个字符' },
            ]}
          >
            <Input data-testid="glossary-translation" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
