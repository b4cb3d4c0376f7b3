import { Alert } from 'antd';
import type { SensitiveHit } from '../../../../api/goods';
import { highlightParts } from '../../lib/counters';

/** Sensitive-word hits of one field: the words listed and marked in the field's text. */
export function SensitiveList({ hits, text }: { hits: SensitiveHit[]; text: string }) {
  if (hits.length === 0) return null;
  const words = [...new Set(hits.map((h) => h.word))].join('、');
  return (
    <Alert
      type="warning"
      showIcon
      className="sensitive-alert"
      data-testid="sensitive-alert"
      title={`含敏感词: ${words}`}
      description={
        <div className="sensitive-text">
          {highlightParts(text, hits).map((p, i) =>
            p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
          )}
        </div>
      }
    />
  );
}
