import { PlusOutlined } from '@ant-design/icons';
import { AUTH_NAMES, CHILD_AUTHS } from '@console/shared/constants/roles';
import { GOODS_SCOPE_NAMES } from '@console/shared/permissions/can';
import type { ChildAccount } from '@console/shared/schemas/account';
import { Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { type ChildFilters, useChildAccounts, useChildMutations } from '../../../api/account';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { switchToAccount } from '../../account/switch-account/switch-account-dialog';
import { AllowSitesDialog, type AllowSitesTarget } from './allow-sites-dialog';
import { MemberFormDialog } from './member-form-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';

/** Account management (`/system/admin/member`): child accounts with create, edit, reset, delete and switch. */
export function MemberPage() {
  return <MemberList />;
}

function MemberList() {
  const { message } = useFeedback();
  const [filters, setFilters] = useState<ChildFilters>({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<ChildAccount | null | undefined>(undefined);
  const [resetting, setResetting] = useState<ChildAccount | null>(null);
  const [sites, setSites] = useState<AllowSitesTarget | null>(null);
  const list = useChildAccounts(filters);
  const { remove } = useChildMutations();
  const data = list.data;

  return (
    <PageContainer
      title="账号管理"
      extra={
        <Space>
          {data && (
            <span style={{ color: '#909399' }} data-testid="member-quota">
              {data.used === data.tenant_used
                ? `已用 ${data.used} / ${data.max_child}`
                : `我创建的 ${data.used} 个 · 公司子账号 ${data.tenant_used} / ${data.max_child}`}
            </span>
          )}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新增子账号
          </Button>
        </Space>
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v: { keyword?: string; auth?: number }) =>
          setFilters({ page: 1, pageSize: filters.pageSize, keyword: v.keyword?.trim() || undefined, auth: v.auth })
        }
        data-testid="member-filter"
      >
        <Form.Item name="keyword">
          <Input placeholder="账号 / 用户名 / 手机号" allowClear style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="auth">
          <Select
            placeholder="角色"
            allowClear
            style={{ width: 140 }}
            options={CHILD_AUTHS.map((a) => ({ value: a, label: AUTH_NAMES[a] }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Table<ChildAccount>
        rowKey="uid"
        size="middle"
        loading={list.isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: 'ID', dataIndex: 'uid', width: 80 },
          { title: '账号', dataIndex: 'account' },
          { title: '用户名', dataIndex: 'user_name' },
          { title: '角色', dataIndex: 'auth', render: (a: ChildAccount['auth']) => AUTH_NAMES[a] },
          {
            title: '商品数据范围',
            key: 'goods_scope',
            width: 120,
            // Buyers have no product library: their scope means nothing.
            render: (_, r) => (r.auth === 3 ? '-' : GOODS_SCOPE_NAMES[r.goods_scope]),
          },
          { title: '手机号', dataIndex: 'phone' },
          { title: '邮箱', dataIndex: 'email' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: number) => (s === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
          },
          { title: '创建时间', dataIndex: 'created_at', render: formatSeconds, width: 170 },
          { title: '最近登录', dataIndex: 'last_login_at', render: formatSeconds, width: 170 },
          {
            title: '操作',
            key: 'ops',
            fixed: 'right',
            width: 320,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => setResetting(r)}>
                  重置密码
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setSites({ uid: r.uid, account: r.account, sites: r.allowUploadSiteArr })}
                >
                  可上传站点
                </Button>
                <Button type="link" size="small" disabled={r.status !== 1} onClick={() => switchToAccount(r.uid)}>
                  切换
                </Button>
                <Popconfirm
                  title="提示"
                  description={`确定要删除账号 ${r.account} 吗?`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={async () => {
                    await remove.mutateAsync(r.uid);
                    message.success('删除成功');
                  }}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <MemberFormDialog open={editing !== undefined} record={editing} onClose={() => setEditing(undefined)} />
      <ResetPasswordDialog record={resetting} onClose={() => setResetting(null)} />
      <AllowSitesDialog target={sites} onClose={() => setSites(null)} />
    </PageContainer>
  );
}
