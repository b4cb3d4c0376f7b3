import { ArrowLeftOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { Button, Card, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FRAME_ROUTES } from '../../app/route-table';
import { usePageActive } from '../keep-alive/keep-alive-outlet';

/** Container layouts (spec section 2): full, card, ghost, each with an optional smooth-scroll variant. */
export type PageLayout = 'full' | 'card' | 'ghost';

interface Props {
  type?: PageLayout;
  /** Smooth scrolling for the back-to-top button and in-page scrolling. */
  smooth?: boolean;
  title?: ReactNode;
  extra?: ReactNode;
  /** Route name (or path) of the parent page: shows a back-to-parent button (spec section 2). */
  parent?: string;
  children: ReactNode;
}

/** The path of a parent given by route name (`system-admin-member`) or by path. */
function parentPath(parent: string): string {
  if (parent.startsWith('/')) return parent;
  return FRAME_ROUTES.find((r) => r.name === parent)?.path ?? '/index';
}

/** Scroll throttle (spec section 9: 300 ms). */
const SCROLL_THROTTLE_MS = 300;
/** Back-to-top appears above this scroll offset (spec section 9). */
const BACK_TOP_AT = 200;

/** Scrolling page body with the layout, back-to-top and back-to-parent buttons; keeps scroll across tab switches. */
export function PageContainer({ type = 'card', smooth = false, title, extra, parent, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const saved = useRef(0);
  const last = useRef(0);
  const [showTop, setShowTop] = useState(false);
  const active = usePageActive();
  const navigate = useNavigate();

  useEffect(() => {
    if (active && ref.current) ref.current.scrollTop = saved.current;
  }, [active]);

  const onScroll = () => {
    const el = ref.current;
    // A scroll event can arrive after the tab was switched away: the hidden page then reads
    // scrollTop 0, which must not replace the position to restore.
    if (!el || el.getClientRects().length === 0) return;
    const now = Date.now();
    const top = el.scrollTop;
    saved.current = top;
    if (now - last.current < SCROLL_THROTTLE_MS && top > BACK_TOP_AT === showTop) return;
    last.current = now;
    setShowTop(top > BACK_TOP_AT);
  };

  const head =
    title || extra || parent ? (
      <div className="page-head">
        {parent && (
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(parentPath(parent))}>
            返回上级
          </Button>
        )}
        <span className="page-title">{title}</span>
        <span className="page-extra">{extra}</span>
      </div>
    ) : null;

  return (
    <div className="page-wrap">
      <div
        ref={ref}
        className={`page-container page-${type}${smooth ? ' page-smooth' : ''}`}
        onScroll={onScroll}
        data-testid="page-container"
      >
        {type === 'card' ? (
          <Card variant="borderless" className="page-card">
            {head}
            {children}
          </Card>
        ) : (
          <>
            {head}
            {children}
          </>
        )}
      </div>
      {showTop && (
        <Tooltip title="回到顶部" mouseEnterDelay={1} placement="left">
          <Button
            className="page-back-top"
            shape="circle"
            icon={<VerticalAlignTopOutlined />}
            aria-label="回到顶部"
            onClick={() => ref.current?.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })}
          />
        </Tooltip>
      )}
    </div>
  );
}
