import { PlusOutlined } from '@ant-design/icons';
import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import type { PointsSet } from '@console/shared/schemas/goods-library';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type LibraryFilters, usePointsList, usePointsMutations } from '../../../api/goods-library';
import {
  DeleteSelectedButton,
  KeywordSearchForm,
  RowEditDelete,
  serverPagination,
} from '../../../components/list-parts';
import { ReadOnlyNotice, useHas } from '../../../components/permission';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { useSelectionDelete } from '../lib/use-selection-delete';

/** Languages of a set that have bullets, with their count, in editor order. */
function languageTags(points: PointsSet['points']) {
  return DESC_LANGUAGES.filter((l) => (points[l.key]?.length ?? 0) > 0).map((l) => (
    <Tag key={l.key}>
      {l.label} {points[l.key]?.length}
    </Tag>
  ));
}

/** The first bullet of a set (English first), as a preview. */
function firstBullet(points: PointsSet['points']): string {
  return points.en?.[0] ?? Object.values(points).find((l) => l && l.length > 0)?.[0] ?? '';
}

/** Bullet-point library (`/goods/pointsManage`): search, paging, edit and delete with confirmation. */
export function PointsManagePage() {
  return <PointsList />;
}

function PointsList() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<LibraryFilters>({ page: 1, pageSize: 20 });
  const list = usePointsList(filters);
  const { remove } = usePointsMutations();
  const { selected, setSelected, removeIds } = useSelectionDelete(remove, '条');
  // Changes need the library setting an admin may withhold per child account (issue 13 §5).
  const editable = useHas()('library.points');

  return (
    <PageContainer
      title="五点描述库"
      extra={
        editable ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/goods/addPoints')}>
            添加五点描述
          </Button>
        ) : (
          <ReadOnlyNotice permission="library.points" />
        )
      }
    >
      <KeywordSearchForm filters={filters} setFilters={setFilters} hint="名称 / 五点描述内容" testId="points-filter" />
      <Space style={{ marginBottom: 8 }}>
        {editable && (
          <DeleteSelectedButton count={selected.length} what="条五点描述" onConfirm={() => removeIds(selected)} />
        )}
      </Space>
      <Table<PointsSet>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        rowSelection={
          editable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
        }
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: '名称', dataIndex: 'name', width: 200 },
          { title: '语言', key: 'langs', render: (_, r) => languageTags(r.points) },
          {
            title: '第一条',
            key: 'first',
            render: (_, r) => (
              <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                {firstBullet(r.points)}
              </Typography.Text>
            ),
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          {
            title: '操作',
            key: 'ops',
            width: 140,
            render: (_, r) =>
              editable && (
                <RowEditDelete
                  name={r.name}
                  onEdit={() => navigate(`/goods/editPoints/${r.id}`)}
                  onDelete={() => removeIds([r.id])}
                />
              ),
          },
        ]}
      />
    </PageContainer>
  );
}
