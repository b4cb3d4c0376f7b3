import { Anchor, Col, Row, Typography } from 'antd';
import { PageContainer } from '../../../layout/page/page-container';
import { GUIDE_CHAPTERS } from './guide-content';
import './how-use.css';

/** Anchors scroll the page's own scroll area (the frame's content pane), not the window. */
const container = () => (document.querySelector('[data-guide-scroll]') as HTMLElement | null) ?? window;

/**
 * 使用说明 (`/platform/howUse`, issue 31 §4): the seller's guide, one chapter per step of
 * getting started, with screenshots of this console (docs/platform.md "使用说明").
 */
export function HowUsePage() {
  return (
    <PageContainer title="使用说明">
      <Row gutter={24} wrap={false}>
        <Col flex="220px" data-testid="guide-toc">
          <Anchor
            affix={false}
            getContainer={container}
            // The console routes by the address's hash: a link scrolls, it never changes the hash.
            onClick={(e) => e.preventDefault()}
            items={GUIDE_CHAPTERS.map((c) => ({
              key: c.id,
              href: `#${c.id}`,
              title: c.title,
              children: c.sections.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title })),
            }))}
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <div data-guide-scroll className="guide-body" data-testid="guide-body">
            <Typography>
              {GUIDE_CHAPTERS.map((c) => (
                // The HTML is marked's output passed through DOMPurify (guide-render.ts).
                <section key={c.id} data-chapter={c.id} dangerouslySetInnerHTML={{ __html: c.html }} />
              ))}
            </Typography>
          </div>
        </Col>
      </Row>
    </PageContainer>
  );
}
