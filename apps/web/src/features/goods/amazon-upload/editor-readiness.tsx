import { CheckCircleFilled, ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';
import type { UploadCheckPair } from '@console/shared/schemas/upload-check';
import { useQueries } from '@tanstack/react-query';
import { Popover, Space, Tag, Typography } from 'antd';
import { post } from '../../../api/http';
import { type UploadCheck, uploadKeys, useUploadTargets } from '../../../api/upload';
import { useHas } from '../../../components/permission';
import { CheckResult } from './upload-check-table';
import { marketplaceLabel } from './upload-labels';

/** Shops whose marketplaces the editor checks (a tenant rarely has more; each is one check call). */
const MAX_SHOPS = 4;

/** One marketplace's tag: ready, or how many problems, with the issues and 去修改 on hover. */
function ReadinessTag({ pair, shopName }: { pair: UploadCheckPair; shopName: string | null }) {
  const errors = pair.issues.filter((i) => i.severity === 'ERROR').length;
  const warnings = pair.issues.length - errors;
  const name = `${shopName ? `${shopName} · ` : ''}${marketplaceLabel(pair.marketplace)}`;
  const tag = pair.ready ? (
    <Tag color={warnings ? 'gold' : 'success'} icon={<CheckCircleFilled />}>
      {name} 可上传{warnings ? `(${warnings}项建议)` : ''}
    </Tag>
  ) : (
    <Tag color="error" icon={<ExclamationCircleFilled />}>
      {name} {errors}项待修改
    </Tag>
  );
  return (
    <span data-testid={`editor-readiness-${pair.marketplace}`} data-ready={pair.ready ? 'yes' : 'no'}>
      {pair.issues.length || pair.notes.length || pair.gpsr?.length ? (
        <Popover
          title={`${name}: ${pair.ready ? '可以上传' : '上传前需要修改'}`}
          content={
            <div style={{ maxWidth: 520 }}>
              <CheckResult pair={pair} />
            </div>
          }
        >
          <span style={{ cursor: 'pointer' }}>{tag}</span>
        </Popover>
      ) : (
        tag
      )}
    </span>
  );
}

/**
 * 上架检查 of the editor (issue 28 §2): per marketplace of the shops the user may upload to,
 * whether the saved product is ready to send, from the same check as the upload dialog
 * (`/upload/check`, upload type 商品基本信息); read again after every save.
 */
export function EditorReadiness({ goodsId }: { goodsId: number }) {
  const allowed = useHas()('shop.use');
  const targets = useUploadTargets(allowed);
  const shops = (targets.data?.list ?? []).filter((s) => s.marketplaces.length > 0).slice(0, MAX_SHOPS);
  const checks = useQueries({
    queries: shops.map((s) => {
      const body = { shop_id: s.shop_id, marketplaces: s.marketplaces, upload_type: 'good' as const, ids: [goodsId] };
      return {
        queryKey: uploadKeys.check(body),
        queryFn: () => post<UploadCheck>('/upload/check', body, { silent: true }),
        retry: false,
      };
    }),
  });
  if (!allowed || targets.isLoading) return null;
  return (
    <div data-testid="editor-readiness" style={{ marginBottom: 12 }}>
      <Space size={[4, 4]} wrap>
        <Typography.Text strong>上架检查</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          (按已保存的内容)
        </Typography.Text>
        {shops.length === 0 && (
          <Typography.Text type="secondary">没有可上传的店铺:绑定并授权店铺后,这里显示每个站点能否上传</Typography.Text>
        )}
        {shops.map((s, i) => {
          const q = checks[i];
          const shopName = shops.length > 1 ? s.name : null;
          if (!q || q.isPending)
            return (
              <Tag key={s.shop_id} icon={<LoadingOutlined />}>
                {shopName ?? '检查中'}
              </Tag>
            );
          if (q.isError)
            return (
              <Tag key={s.shop_id} color="default" title={(q.error as Error).message}>
                {shopName ? `${shopName}: ` : ''}检查未完成
              </Tag>
            );
          return (q.data?.list ?? []).map((p) => (
            <ReadinessTag key={`${s.shop_id}-${p.marketplace}`} pair={p} shopName={shopName} />
          ));
        })}
      </Space>
    </div>
  );
}
