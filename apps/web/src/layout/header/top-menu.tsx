import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { menuIcon } from '../menu/menu-icon';
import { sectionOf } from '../menu/menu-model';
import { useMenuSelect, useMenus } from '../menu/use-menus';

const SCROLL_STEP = 240;

/** Horizontal top menu (parent_id 0 rows); arrow buttons scroll it when it is wider than its space. */
export function TopMenu() {
  const { header, aside } = useMenus();
  const select = useMenuSelect();
  const { pathname } = useLocation();
  const active = sectionOf(pathname, aside);
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setOverflow({ left: el.scrollLeft > 0, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    measure();
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure]);

  const scroll = (dir: 1 | -1) => ref.current?.scrollBy({ left: dir * SCROLL_STEP, behavior: 'smooth' });
  const scrollable = overflow.left || overflow.right;

  return (
    <div className="top-menu" data-testid="top-menu">
      {scrollable && (
        <Button
          type="text"
          size="small"
          className="top-menu-arrow"
          icon={<LeftOutlined />}
          aria-label="向左滚动"
          disabled={!overflow.left}
          onClick={() => scroll(-1)}
        />
      )}
      <div className="top-menu-track" ref={ref} onScroll={measure}>
        {header.map((n) => (
          <button
            type="button"
            key={n.key}
            className={`top-menu-item${active?.key === n.key ? ' is-active' : ''}`}
            onClick={() => select(n)}
          >
            {menuIcon(n.icon)}
            <span>{n.title}</span>
          </button>
        ))}
      </div>
      {scrollable && (
        <Button
          type="text"
          size="small"
          className="top-menu-arrow"
          icon={<RightOutlined />}
          aria-label="向右滚动"
          disabled={!overflow.right}
          onClick={() => scroll(1)}
        />
      )}
    </div>
  );
}
