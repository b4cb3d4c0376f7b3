import { AUTH, AUTH_NAMES } from '@console/shared/constants/roles';
import { assignableChildAuths, GOODS_SCOPE_NAMES, GOODS_SCOPES } from '@console/shared/permissions/can';
import { LIBRARY_PERMISSION_NAMES, LIBRARY_PERMISSIONS } from '@console/shared/permissions/permissions';
import type { ChildAccount } from '@console/shared/schemas/account';
import { createChildBody, updateChildBody } from '@console/shared/schemas/account';
import { Checkbox, Divider, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useChildAccounts, useChildMutations } from '../../../api/account';
import { useFeedback } from '../../../app/ui-bridge';
import { useHas } from '../../../components/permission';
import { zodRule } from '../../../lib/zod-rule';
import { useSessionStore } from '../../../stores/session-store';
import { GOODS_ROLES, productAccessOf } from './member-access';

const c = createChildBody.shape;
const u = updateChildBody.shape;

interface Props {
  open: boolean;
  /** The account to edit; absent to create one. */
  record?: ChildAccount | null;
  onClose: () => void;
}

/** Create or edit a child account; roles limited to what the manager may assign. */
export function MemberFormDialog({ open, record, onClose }: Props) {
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const user = useSessionStore((s) => s.user);
  const { create, update } = useChildMutations();
  const editing = Boolean(record);
  const auths = user ? assignableChildAuths(user) : [];
  // Product access is chosen by company and personal admins (issue 13 §5), for product-library roles.
  const managesAccess = useHas()('account.child.manage');
  const auth = Form.useWatch('auth', form) as number | undefined;
  const showAccess = managesAccess && auth !== undefined && GOODS_ROLES.includes(auth);
  const leaders = useChildAccounts({ page: 1, pageSize: 200, auth: AUTH.groupLeader }, open && managesAccess);
  const leaderOptions = (leaders.data?.list ?? [])
    .filter((l) => l.uid !== record?.uid)
    .map((l) => ({ value: l.uid, label: `${l.user_name || l.account} (${l.account})` }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue({ ...record, status: record.status === 1 });
    else form.setFieldsValue({ auth: auths[0], goods_scope: 'all', library_perms: [...LIBRARY_PERMISSIONS] });
  }, [open, record, form, auths[0]]);

  const submit = async () => {
    const v = await form.validateFields();
    const trimmed = {
      user_name: String(v.user_name ?? '').trim(),
      phone: String(v.phone ?? '').trim(),
      email: String(v.email ?? '').trim(),
      remark: String(v.remark ?? '').trim(),
      auth: v.auth,
      ...(managesAccess && GOODS_ROLES.includes(v.auth) ? productAccessOf(v, v.auth, record) : {}),
    };
    if (record) await update.mutateAsync({ uid: record.uid, ...trimmed, status: v.status ? 1 : 0 });
    else await create.mutateAsync({ account: String(v.account).trim(), password: v.password, ...trimmed });
    message.success(editing ? '修改成功' : '创建成功');
    onClose();
  };

  return (
    <Modal
      title={editing ? '编辑子账号' : '新增子账号'}
      open={open}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} data-testid="member-form">
        <Form.Item label="账号" name="account" required={!editing} rules={editing ? [] : [zodRule(c.account)]}>
          <Input disabled={editing} maxLength={32} autoComplete="off" />
        </Form.Item>
        {!editing && (
          <Form.Item label="密码" name="password" required rules={[zodRule(c.password)]}>
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label="角色" name="auth" required rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={auths.map((a) => ({ value: a, label: AUTH_NAMES[a] }))} />
        </Form.Item>
        <Form.Item label="用户名" name="user_name" required rules={[zodRule(c.user_name)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={[zodRule(u.phone)]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[zodRule(u.email)]}>
          <Input />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        {editing && (
          <Form.Item label="启用" name="status" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {showAccess && (
          <>
            <Divider plain>商品权限</Divider>
            <Form.Item
              label="数据范围"
              name="goods_scope"
              extra="该账号在商品库中可见、可操作的商品;本组商品指所属组长及其组员创建的商品"
            >
              <Select
                data-testid="member-goods-scope"
                options={GOODS_SCOPES.map((s) => ({ value: s, label: GOODS_SCOPE_NAMES[s] }))}
              />
            </Form.Item>
            {auth !== AUTH.groupLeader && (
              <Form.Item label="所属组长" name="leader_id" extra="组长本身即是一个小组;不选则不属于任何小组">
                <Select allowClear placeholder="不属于任何小组" options={leaderOptions} loading={leaders.isLoading} />
              </Form.Item>
            )}
            <Form.Item label="可修改设置" name="library_perms" extra="未勾选的商品库设置只能查看">
              <Checkbox.Group
                data-testid="member-library-perms"
                options={LIBRARY_PERMISSIONS.map((p) => ({ value: p, label: LIBRARY_PERMISSION_NAMES[p] }))}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
