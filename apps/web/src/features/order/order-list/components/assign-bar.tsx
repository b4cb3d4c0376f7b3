import { Button, Select, Space } from 'antd';
import { useState } from 'react';
import { useAssignees, useOrderOpsMutations } from '../../../../api/order-stock';

/** 分配: gives the selected orders to a group leader or worker, or takes them back (group leaders and admins). */
export function AssignBar({ selected, onDone }: { selected: number[]; onDone: () => void }) {
  const people = useAssignees(true);
  const { assign } = useOrderOpsMutations();
  const [userId, setUserId] = useState<number | 0 | undefined>(undefined);
  return (
    <Space style={{ marginBottom: 8 }} data-testid="order-assign">
      <span>{`已选 ${selected.length} 个订单`}</span>
      <Select
        placeholder="分配给"
        style={{ width: 180 }}
        value={userId}
        onChange={setUserId}
        options={[
          { value: 0, label: '取消分配' },
          ...(people.data?.list ?? []).map((u) => ({ value: u.id, label: `${u.name}${u.auth === 1 ? '(组长)' : ''}` })),
        ]}
      />
      <Button
        disabled={selected.length === 0 || userId === undefined}
        loading={assign.isPending}
        onClick={() => assign.mutate({ ids: selected, user_id: userId ? userId : null }, { onSuccess: () => onDone() })}
      >
        分配
      </Button>
    </Space>
  );
}

/** The name of an assignee by id (the list's 负责人 column). */
export function useAssigneeName(enabled: boolean) {
  const people = useAssignees(enabled);
  return (id: number | null) => (id === null ? '-' : (people.data?.list.find((u) => u.id === id)?.name ?? `#${id}`));
}
