import { PlusOutlined } from '@ant-design/icons';
import { GPSR_MISSING, type GpsrMissing, type GpsrProfileRow } from '@console/shared/schemas/gpsr';
import { Button, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { type GpsrProfileFilters, useGpsrMutations, useGpsrProfiles } from '../../../api/gpsr';
import { KeywordSearchForm, RowEditDelete, serverPagination } from '../../../components/list-parts';
import { formatSeconds } from '../../../lib/format';
import { useSelectionDelete } from '../../goods/lib/use-selection-delete';
import { GpsrProfileDrawer } from './gpsr-profile-drawer';

/** What a profile lacks, as tags (green 完整 when nothing). */
export function MissingTags({ missing }: { missing: readonly string[] }) {
  if (missing.length === 0) return <Tag color="green">完整</Tag>;
  return (
    <>
      {missing.map((m) => (
        <Tag key={m} color="orange">
          {GPSR_MISSING[m as GpsrMissing] ?? m}
        </Tag>
      ))}
    </>
  );
}

/** 合规档案: the tenant's profiles with add / edit / delete (a drawer with uploads). */
export function GpsrProfilesTab({ editId }: { editId: number | null }) {
  const [filters, setFilters] = useState<GpsrProfileFilters>({ page: 1, pageSize: 20 });
  const list = useGpsrProfiles(filters);
  const { remove } = useGpsrMutations();
  const { removeIds } = useSelectionDelete(remove, '个档案');
  const [drawer, setDrawer] = useState<{ row: GpsrProfileRow | null } | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  // 补全档案 from the check opens the profile it names once the list has it.
  const target = editId !== null && editId !== opened ? list.data?.list.find((r) => r.id === editId) : undefined;
  useEffect(() => {
    if (!target) return;
    setOpened(target.id);
    setDrawer({ row: target });
  }, [target]);

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <KeywordSearchForm filters={filters} setFilters={setFilters} hint="档案名称 / 制造商 / 负责人 / 邮箱" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ row: null })}>
          新建档案
        </Button>
      </div>
      <Table<GpsrProfileRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        columns={[
          { title: '档案名称', dataIndex: 'name', width: 180 },
          {
            title: '制造商',
            key: 'maker',
            render: (_, r) => (
              <>
                <div>{r.manufacturer_name || '—'}</div>
                <div style={{ color: '#888' }}>{r.manufacturer_email}</div>
              </>
            ),
          },
          {
            title: '欧盟负责人',
            key: 'rp',
            render: (_, r) => (
              <>
                <div>{r.rp_name || '—'}</div>
                <div style={{ color: '#888' }}>{r.rp_email}</div>
              </>
            ),
          },
          { title: '安全声明', dataIndex: 'safety_attestation', width: 90, render: (v: boolean) => (v ? '是' : '否') },
          { title: '文件', key: 'docs', width: 70, render: (_, r) => r.documents.length },
          { title: '完整性', key: 'missing', render: (_, r) => <MissingTags missing={r.missing} /> },
          { title: '应用商品站点', dataIndex: 'used', width: 110 },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          {
            title: '操作',
            key: 'ops',
            width: 130,
            render: (_, r) => (
              <RowEditDelete name={r.name} onEdit={() => setDrawer({ row: r })} onDelete={() => removeIds([r.id])} />
            ),
          },
        ]}
      />
      <GpsrProfileDrawer row={drawer?.row ?? null} open={drawer !== null} onClose={() => setDrawer(null)} />
    </>
  );
}
