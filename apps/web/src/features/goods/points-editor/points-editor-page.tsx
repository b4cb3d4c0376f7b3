import { DESC_LANGUAGES, LISTING_LIMITS } from '@console/shared/constants/goods';
import type { PointsSet } from '@console/shared/schemas/goods-library';
import { Alert, Button, Card, Form, Input, Space, Spin, Tabs, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { usePointsMutations, usePointsSet } from '../../../api/goods-library';
import { SaveFailureAlert } from '../../../components/save-failure-alert';
import { PageContainer } from '../../../layout/page/page-container';
import { useVersionedForm } from '../lib/use-versioned-form';
import {
  filledCount,
  firstFilledLanguage,
  formToPoints,
  overLimit,
  type PointsFormValues,
  pointsToForm,
} from './points-form';

const BULLET_SLOTS = Array.from({ length: LISTING_LIMITS.bulletCount }, (_, i) => i);

/** Add (`/goods/addPoints`) or edit (`/goods/editPoints/:id`) a bullet-point set: a name and up to 5 bullets per language. */
export function PointsEditorPage() {
  const id = Number(useParams().id ?? 0);
  return id > 0 ? <EditPoints id={id} /> : <PointsForm />;
}

function EditPoints({ id }: { id: number }) {
  const set = usePointsSet(id);
  if (set.isError) return <Alert type="error" showIcon title={set.error.message} />;
  if (!set.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <PointsForm record={set.data} reload={async () => (await set.refetch()).data} />;
}

interface FormProps {
  record?: PointsSet;
  /** Loads the stored set again (after a stale save). */
  reload?: () => Promise<PointsSet | undefined>;
}

function PointsForm({ record, reload }: FormProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm<PointsFormValues>();
  const { create, update } = usePointsMutations();
  const { version, failure, setFailure, save, reloadStored } = useVersionedForm({
    form,
    record,
    reload,
    toValues: (r) => pointsToForm(r.name, r.points),
    create: create.mutateAsync,
    update: update.mutateAsync,
    listPath: '/goods/pointsManage',
    addPath: '/goods/addPoints',
  });
  const points = Form.useWatch('points', form);

  const submit = async (v: PointsFormValues) => {
    const body = { name: v.name.trim(), points: formToPoints(v.points) };
    if (Object.keys(body.points).length === 0) {
      setFailure({ stale: false, text: '请至少填写一条五点描述' });
      return;
    }
    await save(body);
  };

  return (
    <PageContainer title={record ? '编辑五点描述' : '添加五点描述'} parent="goods-pointsManage">
      <Form<PointsFormValues>
        form={form}
        layout="vertical"
        initialValues={record ? pointsToForm(record.name, record.points) : pointsToForm('', {})}
        onFinish={submit}
        data-testid="points-form"
        style={{ maxWidth: 960 }}
      >
        <SaveFailureAlert failure={failure} version={version} onReload={reloadStored} testId="points-save-error" />
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, whitespace: true, message: '请填写该字段' }, { max: 100 }]}
        >
          <Input placeholder="五点描述名称" maxLength={100} style={{ maxWidth: 400 }} />
        </Form.Item>
        <Card
          size="small"
          title="五点描述"
          extra={<Typography.Text type="secondary">每种语言最多5条,每条不超过500个字符</Typography.Text>}
        >
          <Tabs
            defaultActiveKey={firstFilledLanguage(record?.points ?? {})}
            items={DESC_LANGUAGES.map((l) => {
              const list = points?.[l.key];
              const n = filledCount(list);
              return {
                key: l.key,
                forceRender: true,
                label: (
                  <span data-testid={`points-tab-${l.key}`} style={overLimit(list) ? { color: '#ff4d4f' } : undefined}>
                    {l.label}
                    {n > 0 ? ` (${n})` : ''}
                  </span>
                ),
                children: BULLET_SLOTS.map((i) => (
                  <Form.Item
                    key={i}
                    name={['points', l.key, i]}
                    label={`第${i + 1}条`}
                    rules={[
                      {
                        max: LISTING_LIMITS.bulletChars,
                        message: `每条五点描述不能超过${LISTING_LIMITS.bulletChars}个字符`,
                      },
                    ]}
                  >
                    <Input.TextArea
                      data-testid={`bullet-${l.key}-${i}`}
                      autoSize={{ minRows: 1, maxRows: 6 }}
                      count={{ show: true, max: LISTING_LIMITS.bulletChars }}
                    />
                  </Form.Item>
                )),
              };
            })}
          />
        </Card>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            保存
          </Button>
          <Button onClick={() => navigate('/goods/pointsManage')}>返回列表</Button>
          {record && <Typography.Text type="secondary">版本 {version}</Typography.Text>}
        </Space>
      </Form>
    </PageContainer>
  );
}
