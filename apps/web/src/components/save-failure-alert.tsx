import { Alert, Button } from 'antd';
import type { saveFailure } from '../lib/version-conflict';

interface Props {
  failure: ReturnType<typeof saveFailure> | null;
  /** The version the form's input is based on. */
  version: number;
  /** Loads the stored record again, dropping the unsaved input. */
  onReload: () => void;
  testId?: string;
}

/**
 * The error of a failed save above a form. A stale save (409, someone saved in between)
 * says which versions clash and offers to reload, so nobody overwrites another's work.
 */
export function SaveFailureAlert({ failure, version, onReload, testId }: Props) {
  if (!failure) return null;
  return (
    <Alert
      data-testid={testId}
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={failure.text}
      description={
        failure.stale
          ? `其他人已保存了新版本${failure.version === undefined ? '' : `(版本 ${failure.version})`},你的修改基于版本 ${version},未保存。重新加载会丢弃你的修改。`
          : undefined
      }
      action={
        failure.stale ? (
          <Button size="small" danger onClick={onReload}>
            重新加载
          </Button>
        ) : undefined
      }
    />
  );
}
