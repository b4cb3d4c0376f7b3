import { CloudUploadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useHas } from '../../../components/permission';
import { useEditor } from '../goods-editor/editor-store';
import { UploadDialog } from './upload-dialog';

/** 上传到亚马逊 from the editor: the product being edited, as saved (unsaved input is not uploaded, and it says so). */
export function EditorUploadButton({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  const allowed = useHas()('shop.use');
  const touched = useEditor((s) => s.touched);
  if (!allowed) return null;
  return (
    <>
      <Button icon={<CloudUploadOutlined />} onClick={() => setOpen(true)} data-testid="editor-upload">
        上传到亚马逊
      </Button>
      {open && (
        <UploadDialog
          open
          onClose={() => setOpen(false)}
          source={{ selection: { ids: [id] }, what: `商品 #${id}` }}
          extra={
            touched ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                message="有未保存的修改:上传的是已保存的内容,请先保存"
              />
            ) : null
          }
        />
      )}
    </>
  );
}
