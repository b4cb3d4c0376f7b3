import { Button, Modal, Switch, Tag } from 'antd';
import { THEMES } from '../../app/themes';
import { useSettingsStore } from '../../stores/settings-store';

/** Theme dialog (600 px): themes with '使用' and '已激活', greyscale and page-transition switches. */
export function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSettingsStore();
  return (
    <Modal title="主题" open={open} width={600} onCancel={onClose} footer={null}>
      <div className="theme-switches">
        <span>
          灰度模式 <Switch size="small" checked={s.greyscale} onChange={s.setGreyscale} data-testid="greyscale" />
        </span>
        <span>
          页面过渡 <Switch size="small" checked={s.transition} onChange={s.setTransition} data-testid="transition" />
        </span>
      </div>
      <div className="theme-list" data-testid="theme-list">
        {THEMES.map((t) => (
          <div key={t.name} className="theme-item" data-theme-name={t.name}>
            <div className="theme-preview" style={{ background: t.frame.bodyBg }}>
              <div style={{ background: t.frame.headerBg, height: 14 }} />
              <div style={{ display: 'flex', height: 46 }}>
                <div style={{ background: t.frame.siderBg, width: 22, borderRight: '1px solid #e4e7ed' }} />
                <div style={{ flex: 1, padding: 6 }}>
                  <div style={{ background: t.primary, height: 6, width: '60%', borderRadius: 2 }} />
                </div>
              </div>
            </div>
            <div className="theme-name">{t.label}</div>
            {s.theme === t.name ? (
              <Tag color="success">已激活</Tag>
            ) : (
              <Button size="small" type="primary" ghost onClick={() => s.setTheme(t.name)}>
                使用
              </Button>
            )}
          </div>
        ))}
      </div>
    </Modal>
  );
}
