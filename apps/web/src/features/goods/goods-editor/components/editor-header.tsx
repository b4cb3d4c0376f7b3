import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { neighbourId } from '../../../../api/goods';
import { useFeedback } from '../../../../app/ui-bridge';
import { useGoodsListFilters } from '../../lib/list-filters-store';
import { useEditor } from '../editor-store';

/** Editor header: unsaved marker, prev/next (in the list's current order), save. */
export const EditorHeader = memo(function EditorHeader({
  id,
  saving,
  onSave,
}: {
  id: number | null;
  saving: boolean;
  onSave: () => void;
}) {
  const touched = useEditor((s) => s.touched);
  const navigate = useNavigate();
  const { message } = useFeedback();
  const filters = useGoodsListFilters((s) => s.filters);
  const go = async (dir: 'prev' | 'next') => {
    if (!id) return;
    const r = await neighbourId(dir, id, filters);
    if (r?.id) navigate(`/goods/admin/update/${r.id}`);
    else message.info(dir === 'prev' ? '已经是第一个商品' : '已经是最后一个商品');
  };
  return (
    <Space>
      {touched && (
        <Tag color="orange" data-testid="editor-dirty">
          有未保存的修改
        </Tag>
      )}
      {id && (
        <>
          <Button icon={<LeftOutlined />} onClick={() => go('prev')}>
            上一个
          </Button>
          <Button onClick={() => go('next')}>
            下一个 <RightOutlined />
          </Button>
        </>
      )}
      <Button type="primary" loading={saving} onClick={onSave} data-testid="editor-save">
        保存
      </Button>
    </Space>
  );
});
