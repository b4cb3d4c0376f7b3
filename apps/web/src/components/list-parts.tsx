import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form, Input, Popconfirm, Space, type TablePaginationConfig } from 'antd';

/**
 * 删除选中 of a list page: disabled without a selection, asks
 * `确定要删除选中的 N {what}吗?` first (`what` e.g. `条搜索词`, `个敏感词`).
 */
export function DeleteSelectedButton({
  count,
  what,
  onConfirm,
  loading,
}: {
  count: number;
  what: string;
  onConfirm: () => void;
  loading?: boolean;
}) {
  return (
    <Popconfirm
      title="提示"
      description={`确定要删除选中的 ${count} ${what}吗?`}
      okText="确定"
      cancelText="取消"
      disabled={count === 0}
      onConfirm={onConfirm}
    >
      <Button danger icon={<DeleteOutlined />} disabled={count === 0} loading={loading}>
        删除选中
      </Button>
    </Popconfirm>
  );
}

/** Pagination of a server-paged list: page and size from `filters`, `共 N 条`, size changer. */
export function serverPagination<F extends { page: number; pageSize: number }>(
  filters: F,
  total: number,
  setFilters: (f: F) => void,
): TablePaginationConfig {
  return {
    current: filters.page,
    pageSize: filters.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (t) => `共 ${t} 条`,
    onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
  };
}

/** 编辑 / 删除 links of a row; 删除 asks `确定要删除「name」吗?` first. */
export function RowEditDelete({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onEdit}>
        编辑
      </Button>
      <Popconfirm
        title="提示"
        description={`确定要删除「${name}」吗?`}
        okText="确定"
        cancelText="取消"
        onConfirm={onDelete}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

/**
 * The 查询 row of a list page with one keyword box: submitting goes back to page 1 with the
 * trimmed keyword (empty = none) and the page size kept.
 */
export function KeywordSearchForm<F extends { page: number; pageSize: number; keyword?: string }>({
  filters,
  setFilters,
  hint,
  width = 240,
  testId,
}: {
  filters: F;
  setFilters: (f: F) => void;
  /** The box's grey hint text, e.g. `名称 / 五点描述内容`. */
  hint: string;
  width?: number;
  testId?: string;
}) {
  return (
    <Form
      layout="inline"
      style={{ marginBottom: 12 }}
      onFinish={(v: { keyword?: string }) =>
        setFilters({ ...filters, page: 1, keyword: v.keyword?.trim() || undefined })
      }
      data-testid={testId}
    >
      <Form.Item name="keyword">
        <Input placeholder={hint} allowClear style={{ width }} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        查询
      </Button>
    </Form>
  );
}
