import { WarningFilled } from '@ant-design/icons';
import type { Counter } from '../../lib/counters';
import '../translate/translate.css';

/** "12/200" against the marketplace limit; over the limit it turns red and says by how much. */
export function TextCounter({ c, unit = '' }: { c: Counter; unit?: string }) {
  return (
    <span
      className={c.over ? 'text-counter text-counter-over' : 'text-counter'}
      data-over={c.over}
      title={c.over ? `超出平台限制 ${c.value - c.limit}${unit.trim() || ''}` : undefined}
    >
      {c.value}/{c.limit}
      {unit}
      {c.over && (
        <span className="text-counter-flag" data-testid="over-limit-flag">
          <WarningFilled /> 超出{c.value - c.limit}
        </span>
      )}
    </span>
  );
}
