import { Alert, Button, Modal, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getFile, saveBlob } from '../../../../api/goods-files';
import { useJobProgress } from '../../../../api/jobs';

/** What a finished export job holds (its `result`). */
interface ExportResult {
  file_name: string;
}

/** Progress of a large export (a server job, polled by `useJobProgress`), then downloads the file once. */
export function ExportProgressDialog({ jobId, onClose }: { jobId: string | null; onClose: () => void }) {
  const poll = useJobProgress<ExportResult>(jobId);
  const job = jobId === null ? undefined : poll.data;
  const [downloadError, setDownloadError] = useState('');
  const downloaded = useRef<string | null>(null);

  useEffect(() => {
    setDownloadError('');
    if (jobId === null) downloaded.current = null;
  }, [jobId]);

  useEffect(() => {
    if (jobId === null || job?.status !== 'done' || downloaded.current === jobId) return;
    downloaded.current = jobId;
    const fileName = job.result?.file_name;
    getFile(`/amazon-user/exportJob/download?id=${encodeURIComponent(jobId)}`, 'goods.xlsx')
      .then((f) => {
        if (f.kind === 'file') saveBlob(f.blob, fileName || f.fileName);
      })
      .catch((e: Error) => setDownloadError(e.message || '导出失败'));
  }, [jobId, job]);

  const error =
    downloadError ||
    (poll.error ? poll.error.message || '导出失败' : '') ||
    (job?.status === 'failed' ? job.error || '导出失败,请重试' : '');
  const percent = job?.total ? Math.floor((job.progress / job.total) * 100) : 0;
  return (
    <Modal
      title="导出商品"
      open={jobId !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{job?.status === 'done' ? '完成' : '关闭'}</Button>}
      maskClosable={false}
    >
      {error ? (
        <Alert type="error" title={error} />
      ) : (
        <>
          <Progress
            percent={job?.status === 'done' ? 100 : percent}
            status={job?.status === 'done' ? 'success' : 'active'}
          />
          <p>
            {job?.status === 'done'
              ? `导出完成,已开始下载 ${job.result?.file_name ?? ''}`
              : `正在导出 ${job?.progress ?? 0} / ${job?.total ?? '…'}`}
          </p>
        </>
      )}
    </Modal>
  );
}
