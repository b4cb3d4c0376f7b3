import { UPLOAD_TYPES, type UploadType } from '@console/shared/schemas/upload';
import type { UploadCheckInput } from '@console/shared/schemas/upload-check';
import { Alert, Button, Checkbox, Empty, Form, Modal, Radio, Select, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GoodsSelection } from '../../../api/goods';
import { type UploadTargets, useUploadCheck, useUploadMutations, useUploadTargets } from '../../../api/upload';
import { useFeedback } from '../../../app/ui-bridge';
import { UploadCheckTable } from './upload-check-table';
import { marketplaceLabel } from './upload-labels';
import { heldPairsOf, nothingReadyReason, uploadResultText } from './upload-model';

/** Where the chosen products come from: the list (scope switch) or one product (the editor). */
export interface UploadSource {
  /** The selection to send for the chosen scope. */
  selection: GoodsSelection;
  /** What is uploaded, as shown (`商品 #12`); absent when `extra` says it (the list's scope switch). */
  what?: ReactNode;
}

interface Values {
  shop_id?: number;
  marketplaces: string[];
  upload_type: UploadType;
}

type Target = UploadTargets['list'][number];

/**
 * 上传到亚马逊 (issue 14 §4, issue 28 §2): a shop the user may upload to, its marketplaces
 * (within the account's `allowUploadSiteArr`, as `/upload/targets` answers), the upload type.
 * Once shop and marketplaces are chosen the selection is checked before anything is sent
 * (`/upload/check`): a row per product x marketplace, ready or what stops it with 去修改. 发送就绪的
 * sends the ready pairs and holds the rest (`hold`, `only_ready`); nothing ready: the send is
 * disabled and says why. The answer counts the products, items and held pairs and links to 上传记录.
 */
export function UploadDialog({
  open,
  onClose,
  source,
  extra,
}: {
  open: boolean;
  onClose: () => void;
  source: UploadSource | null;
  /** Shown above the form (the list's scope switch, the editor's unsaved-changes note). */
  extra?: ReactNode;
}) {
  const targets = useUploadTargets(open);
  const { create } = useUploadMutations();
  const [form] = Form.useForm<Values>();
  const [shopId, setShopId] = useState<number | undefined>();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const shops = targets.data?.list ?? [];
  const shop: Target | undefined = shops.find((s) => s.shop_id === shopId);
  const marketplaces = Form.useWatch('marketplaces', form);
  const uploadType = Form.useWatch('upload_type', form);

  // The first shop is chosen when the dialog opens with exactly one.
  useEffect(() => {
    if (open && shops.length === 1 && shopId === undefined) {
      setShopId(shops[0]?.shop_id);
      form.setFieldsValue({ shop_id: shops[0]?.shop_id, marketplaces: [] });
    }
  }, [open, shops, shopId, form]);

  const options = useMemo(
    () => (shop?.marketplaces ?? []).map((m) => ({ value: m, label: marketplaceLabel(m) })),
    [shop],
  );

  // The check runs as soon as shop and marketplaces are chosen (again when they or the type change).
  const checkBody = useMemo<UploadCheckInput | null>(
    () =>
      source && shop && marketplaces?.length && uploadType
        ? { shop_id: shop.shop_id, marketplaces, upload_type: uploadType, ...source.selection }
        : null,
    [source, shop, marketplaces, uploadType],
  );
  const check = useUploadCheck(open ? checkBody : null);
  const checked = checkBody && check.isSuccess ? check.data : undefined;
  const noneReady = nothingReadyReason(checked);

  /** `all`: every pair is queued; those the check stops are not sent and go to the error log (fix, then 重试). */
  const submit = async (all = false) => {
    if (!source) return;
    const v = await form.validateFields();
    const r = await create.mutateAsync({
      shop_id: v.shop_id as number,
      marketplaces: v.marketplaces,
      upload_type: v.upload_type,
      ...source.selection,
      // 发送就绪的: the pairs the check stopped are held; products it did not check are held when they fail.
      ...(checked && !all ? { hold: heldPairsOf(checked), only_ready: true } : {}),
    });
    message.success({
      content: (
        <span data-testid="upload-created">
          {uploadResultText(r)}{' '}
          <Typography.Link onClick={() => navigate('/goods/amazon/queue')}>查看上传记录</Typography.Link>
        </span>
      ),
      duration: 8,
    });
    onClose();
  };

  const checking = Boolean(checkBody) && check.isFetching;
  const sendLabel = checked ? `发送就绪的 (${checked.ready})` : '开始上传';
  const someHeld = checked ? checked.ready > 0 && checked.ready < checked.list.length : false;
  const footer = [
    <Button key="cancel" onClick={onClose}>
      取消
    </Button>,
    someHeld && (
      <Button
        key="all"
        disabled={create.isPending || checking}
        onClick={() => submit(true)}
        title="未通过检查的也加入上传队列:它们不会发送到亚马逊,记入错误日志,修改后可在上传记录中重试"
        data-testid="upload-submit-all"
      >
        全部加入队列
      </Button>
    ),
    <Button
      key="send"
      type="primary"
      loading={create.isPending}
      disabled={shops.length === 0 || checking || Boolean(noneReady)}
      onClick={() => submit()}
      data-testid="upload-submit"
    >
      {checking ? '正在检查…' : sendLabel}
    </Button>,
  ];

  return (
    <Modal
      open={open}
      title="上传到亚马逊"
      onCancel={onClose}
      footer={footer}
      width={checkBody ? 880 : 520}
      destroyOnHidden
      afterClose={() => setShopId(undefined)}
    >
      {extra}
      {!targets.isLoading && shops.length === 0 ? (
        <Empty description="没有可上传的店铺:请先在店铺管理中绑定并授权店铺,或请管理员分配店铺" />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ marketplaces: [], upload_type: 'good' }}
          data-testid="upload-form"
        >
          {source?.what && <Form.Item label="上传商品">{source.what}</Form.Item>}
          <Form.Item label="店铺" name="shop_id" rules={[{ required: true, message: '请选择店铺' }]}>
            <Select
              placeholder="选择店铺"
              loading={targets.isLoading}
              data-testid="upload-shop"
              onChange={(id: number) => {
                setShopId(id);
                form.setFieldValue('marketplaces', []);
              }}
              options={shops.map((s) => ({
                value: s.shop_id,
                label: (
                  <span>
                    {s.name} {s.sandbox && <Tag color="purple">沙箱店铺</Tag>}
                  </span>
                ),
              }))}
            />
          </Form.Item>
          <Form.Item
            label="站点"
            name="marketplaces"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择站点' }]}
            extra={!shop ? '请先选择店铺' : options.length ? undefined : '该店铺没有您可上传的站点'}
          >
            <Checkbox.Group options={options} data-testid="upload-marketplaces" />
          </Form.Item>
          <Form.Item label="上传类型" name="upload_type" rules={[{ required: true, message: '请选择上传类型' }]}>
            <Radio.Group options={UPLOAD_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          {shop?.sandbox && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message="沙箱店铺:商品上传到本地亚马逊模拟器,不会出现在真实的亚马逊上"
            />
          )}
          {checkBody && <CheckSection check={check} onOpenField={onClose} noneReady={noneReady} />}
        </Form>
      )}
    </Modal>
  );
}

/** 上架检查 of the dialog: progress, the failure of the check itself, or the table. */
function CheckSection({
  check,
  noneReady,
  onOpenField,
}: {
  check: ReturnType<typeof useUploadCheck>;
  noneReady: string | null;
  onOpenField: () => void;
}) {
  if (check.isPending || (check.isFetching && !check.data))
    return (
      <div data-testid="upload-check-loading" style={{ padding: 16, textAlign: 'center' }}>
        <Spin /> 正在检查所选商品能否上传…
      </div>
    );
  if (check.isError)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="upload-check-error"
        message={`发送前检查未完成: ${(check.error as Error).message}`}
        description="仍可开始上传:每个商品在发送前还会再检查一次,未通过的不会发送,并记录在错误日志中。"
        action={
          <Button size="small" onClick={() => check.refetch()}>
            重新检查
          </Button>
        }
      />
    );
  const data = check.data;
  if (!data) return null;
  const held = data.list.length - data.ready;
  return (
    <>
      <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="upload-check-summary">
        上架检查: {data.ready}个商品站点就绪
        {held ? `,${held}个需要修改(发送时暂缓,不会发送)` : ''}
        {data.total > data.checked
          ? `。共${data.total}个商品,只检查了前${data.checked}个;其余商品在上传时检查,未通过的不会发送`
          : ''}
      </Typography.Paragraph>
      {noneReady && (
        <Alert type="error" showIcon style={{ marginBottom: 8 }} message={noneReady} data-testid="upload-none-ready" />
      )}
      <UploadCheckTable list={data.list} onOpenField={onOpenField} />
    </>
  );
}
