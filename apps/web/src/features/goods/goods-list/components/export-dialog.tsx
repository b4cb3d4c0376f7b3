import { Alert, Button, Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { type ExportJob, exportJob, getFile, saveBlob } from '../../../../api/goods-files';

/** Poll interval of an export job (one second). */
const POLL_MS = 1000;

/** Progress of a large export (a server job): polls every second, then downloads the file. */
export function ExportProgressDialog({ jobId, onClose }: { jobId: string | number | null; onClose: () => void }) {
  const [job, setJob] = useState<ExportJob | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (jobId === null) return;
    setJob(null);
    setError('');
    let stop = false;
    const tick = async () => {
      if (stop) return;
      try {
        const j = await exportJob(jobId);
        if (stop) return;
        setJob(j);
        if (j.status === 'done') {
          const f = await getFile(
            `/amazon-user/exportJob/download?id=${encodeURIComponent(String(jobId))}`,
            'goods.xlsx',
          );
          if (f.kind === 'file') saveBlob(f.blob, j.file_name ?? f.fileName);
          return;
        }
        if (j.status === 'failed') return setError('导出失败,请重试');
      } catch (e) {
        return setError((e as Error).message || '导出失败');
      }
      setTimeout(tick, POLL_MS);
    };
    void tick();
    return () => {
      stop = true;
    };
  }, [jobId]);

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
              ? `导出完成,已开始下载 ${job.file_name ?? ''}`
              : `正在导出 ${job?.progress ?? 0} / ${job?.total ?? '…'}`}
          </p>
        </>
      )}
    </Modal>
  );
}
