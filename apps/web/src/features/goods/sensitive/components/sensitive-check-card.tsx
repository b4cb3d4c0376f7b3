import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import type { SensitiveHit } from '@console/shared/schemas/goods';
import { Alert, Button, Card, Input, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useSensitiveMutations } from '../../../../api/goods-library-pool';
import { highlightSegments } from '../highlight-hits';

/** Checks a text against the stored words (POST /goods/sensitive/check) and highlights every hit by its offsets. */
export function SensitiveCheckCard() {
  const { check } = useSensitiveMutations();
  const [lang, setLang] = useState<string>('en');
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ text: string; hits: SensitiveHit[] } | null>(null);

  const run = async () => {
    try {
      const r = await check.mutateAsync({ texts: [{ lang, field: 'text', text }] });
      setResult({ text, hits: r.hits });
    } catch {
      setResult(null);
    }
  };

  return (
    <Card size="small" title="敏感词检测" style={{ marginBottom: 16 }} data-testid="sensitive-check">
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        <Select
          value={lang}
          onChange={setLang}
          style={{ width: 120 }}
          options={DESC_LANGUAGES.map((l) => ({ value: l.key, label: l.label }))}
          data-testid="sensitive-check-lang"
        />
        <Button type="primary" onClick={run} loading={check.isPending} disabled={!text.trim()}>
          检测
        </Button>
      </Space.Compact>
      <Input.TextArea
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="粘贴标题、五点描述或描述文本,检测其中的敏感词"
        maxLength={20_000}
        data-testid="sensitive-check-text"
      />
      {result && (
        <div style={{ marginTop: 8 }}>
          <Alert
            type={result.hits.length ? 'warning' : 'success'}
            showIcon
            title={
              result.hits.length
                ? `发现 ${result.hits.length} 处敏感词: ${[...new Set(result.hits.map((h) => h.word))].join('、')}`
                : '未发现敏感词'
            }
            style={{ marginBottom: 8 }}
          />
          <div
            data-testid="sensitive-check-result"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', padding: 8, border: '1px solid #f0f0f0' }}
          >
            {highlightSegments(result.text, result.hits).map((s) =>
              s.word ? (
                <Tooltip key={s.start} title={`敏感词: ${s.word}`}>
                  <mark style={{ background: '#ffccc7', padding: 0 }}>{s.text}</mark>
                </Tooltip>
              ) : (
                <span key={s.start}>{s.text}</span>
              ),
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
