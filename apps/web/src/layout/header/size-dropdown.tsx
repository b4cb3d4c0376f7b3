import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { TEXT_SIZES } from '../../app/themes';
import { useFeedback } from '../../app/ui-bridge';
import { useSettingsStore } from '../../stores/settings-store';
import { useTabsStore } from '../../stores/tabs-store';
import type { TextSize } from '../../stores/user-storage';
import { guardDiscard } from '../tabs/discard-confirm';

/** Text size menu: persists per user, refreshes the page, then shows '操作成功' (spec sections 2, 4, 8). */
export function SizeDropdown() {
  const size = useSettingsStore((s) => s.size);
  const setSize = useSettingsStore((s) => s.setSize);
  const drop = useTabsStore((s) => s.drop);
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = useFeedback();
  const change = async (next: TextSize) => {
    const from = location.pathname + location.search;
    // The refresh drops the page's kept state: ask first when it holds unsaved input.
    if (!(await guardDiscard([from], 'refresh'))) return;
    setSize(next);
    drop(from);
    navigate('/refresh', { state: { from } });
    message.success('操作成功');
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: TEXT_SIZES.map((s) => ({ key: s.name, label: s.label })),
        onClick: ({ key }) => void change(key as TextSize),
      }}
    >
      <Button type="text" className="header-btn" icon={<FontSizeOutlined />} aria-label="字号" title="字号" />
    </Dropdown>
  );
}
