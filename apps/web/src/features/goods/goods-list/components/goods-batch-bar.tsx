import { AUDIT_STATUSES, type AuditStatus } from '@console/shared/constants/goods';
import { can, goodsTagSet } from '@console/shared/permissions/can';
import { Button, Dropdown, Popconfirm, Space, Typography } from 'antd';
import { memo } from 'react';
import { useSessionStore } from '../../../../stores/session-store';
import type { Scope } from './selection-scope';

/** Batch actions the bar offers; the page implements them. */
export interface BatchActions {
  batchEdit: () => void;
  batchReplaceEnTitle: () => void;
  batchCopy: () => void;
  setStatus: (status: AuditStatus) => void;
  /** Platform operator: publish the selection for claiming (true) or withdraw it (false). */
  publishClaim: (claimable: boolean) => void;
  recycle: () => void;
  restore: () => void;
  destroy: () => void;
  /** 上传到亚马逊 (issue 14 §4): the selection or the whole filter. */
  upload: () => void;
  /** Export the selected products, or everything the current filter matches. */
  exportItems: (scope: Scope) => void;
  clear: () => void;
}

/**
 * The batch-action bar: tag set of the user (spec section 6: normal or admin set), audit
 * status only with goods.audit, claim publishing only for the platform operator's accounts,
 * 上传到亚马逊 with shop.use, recycle / restore / delete, export; shows "已选N个".
 */
export const GoodsBatchBar = memo(function GoodsBatchBar({
  count,
  total,
  recycleBin,
  actions,
}: {
  count: number;
  /** Products the current filter matches (all pages), as shown ("1000+" when capped). */
  total: string;
  recycleBin: boolean;
  actions: BatchActions;
}) {
  const user = useSessionStore((s) => s.user);
  const tags: readonly string[] = user ? goodsTagSet(user) : [];
  const none = count === 0;
  return (
    <div className="goods-batch-bar" data-testid="goods-batch-bar">
      <Space wrap size={8}>
        <Typography.Text strong data-testid="goods-selected-count">
          已选{count}个
        </Typography.Text>
        {count > 0 && (
          <Button size="small" type="link" onClick={actions.clear}>
            清空
          </Button>
        )}
        {recycleBin ? (
          <>
            <Button disabled={none} onClick={actions.restore}>
              批量恢复
            </Button>
            <Popconfirm title={`彻底删除${count}个商品?不可恢复`} disabled={none} onConfirm={actions.destroy}>
              <Button danger disabled={none}>
                彻底删除
              </Button>
            </Popconfirm>
          </>
        ) : (
          <>
            {tags.includes('batchEdit') && (
              <Button onClick={actions.batchEdit} data-testid="goods-batch-edit">
                批量编辑
              </Button>
            )}
            {tags.includes('batchReplaceEnTitle') && (
              <Button onClick={actions.batchReplaceEnTitle}>批量替换英文标题</Button>
            )}
            {tags.includes('batchCopy') && (
              <Popconfirm title={`复制${count}个商品?`} disabled={none} onConfirm={actions.batchCopy}>
                <Button disabled={none}>批量复制</Button>
              </Popconfirm>
            )}
            {can(user, 'goods.audit') && (
              <Dropdown
                disabled={none}
                menu={{
                  items: Object.entries(AUDIT_STATUSES).map(([key, label]) => ({ key, label: `设为${label}` })),
                  onClick: ({ key }) => actions.setStatus(key as AuditStatus),
                }}
              >
                <Button disabled={none}>审核状态</Button>
              </Dropdown>
            )}
            {user?.is_internal && (
              <Dropdown
                disabled={none}
                menu={{
                  items: [
                    { key: 'publish', label: '发布到认领商品' },
                    { key: 'withdraw', label: '撤回认领发布' },
                  ],
                  onClick: ({ key }) => actions.publishClaim(key === 'publish'),
                }}
              >
                <Button disabled={none} data-testid="goods-claim-publish">
                  认领发布
                </Button>
              </Dropdown>
            )}
            {can(user, 'shop.use') && (
              <Button type="primary" ghost onClick={actions.upload} data-testid="goods-upload">
                上传到亚马逊
              </Button>
            )}
            <Popconfirm title={`将${count}个商品放入回收站?`} disabled={none} onConfirm={actions.recycle}>
              <Button disabled={none}>放入回收站</Button>
            </Popconfirm>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'selected', label: `导出选中的${count}个商品`, disabled: none },
                  { key: 'filter', label: `导出全部筛选结果(${total}个)`, disabled: total === '0' },
                ],
                onClick: ({ key }) => actions.exportItems(key as Scope),
              }}
            >
              <Button data-testid="goods-export">导出</Button>
            </Dropdown>
          </>
        )}
      </Space>
    </div>
  );
});
