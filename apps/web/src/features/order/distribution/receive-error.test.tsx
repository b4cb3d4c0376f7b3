import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReceiveError, receiveErrorOf } from './receive-error';

const STALE = '数据已被他人修改,请刷新后重试';
const waiting = (receive_error: string | null) => ({ id: 7, express_status: '2', receive_error });

/** A screen's failures with `local` as this screen's own refusals. */
const failures = (local: Record<number, string> = {}) => ({
  errors: local,
  dismiss: () => undefined,
  dismissing: () => false,
});

describe('a refused 确认收货 on the item line (配货 and the order drawer, issue 29 §2)', () => {
  it('shows the screen’s refusal, else the one the server keeps, only while the item waits for its receipt', () => {
    expect(receiveErrorOf(undefined, waiting(null))).toBeNull();
    // After a reload only the server's kept refusal is there (the drawer reopened, another screen).
    expect(receiveErrorOf(undefined, waiting(STALE))).toBe(STALE);
    // This screen's latest refusal wins over an older kept one.
    expect(receiveErrorOf('数据库繁忙', waiting(STALE))).toBe('数据库繁忙');
    // Dealt with: received meanwhile (the server cleared it), or the purchase taken back.
    expect(receiveErrorOf(STALE, { id: 7, express_status: '3', receive_error: null })).toBeNull();
    expect(receiveErrorOf(STALE, { id: 7, express_status: '1', receive_error: STALE })).toBeNull();
  });

  it('renders on the line with 知道了 for the roles that may put it away, the reason only for the others', () => {
    const kept = renderToStaticMarkup(
      <ReceiveError item={waiting(STALE)} failures={failures()} canDismiss testId="item-receive-error-7" />,
    );
    expect(kept).toContain('data-testid="item-receive-error-7"');
    expect(kept).toContain(STALE);
    expect(kept).toContain('知道了');
    const readOnly = renderToStaticMarkup(
      <ReceiveError item={waiting(STALE)} failures={failures()} canDismiss={false} testId="item-receive-error-7" />,
    );
    expect(readOnly).toContain(STALE);
    expect(readOnly).not.toContain('知道了');
    const local = renderToStaticMarkup(
      <ReceiveError item={waiting(null)} failures={failures({ 7: '数据库繁忙' })} canDismiss testId="x" />,
    );
    expect(local).toContain('数据库繁忙');
    expect(
      renderToStaticMarkup(<ReceiveError item={waiting(null)} failures={failures()} canDismiss testId="x" />),
    ).toBe('');
  });
});
