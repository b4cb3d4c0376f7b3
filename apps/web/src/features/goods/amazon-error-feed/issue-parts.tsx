import type { EditorField, UploadIssue } from '@console/shared/schemas/upload';
import { Space, Typography } from 'antd';
import { FieldFixLink } from '../goods-editor/field-opener';

/**
 * How an upload issue is shown wherever the console lists one (error feed, the check before
 * sending): who found it, its original, and the 去修改 link to the editor field.
 */

/** Who found an issue: the console's own check before sending, or Amazon. */
export const ISSUE_SOURCE_LABEL: Record<UploadIssue['source'], string> = { check: '控制台检查', amazon: '亚马逊' };

/** The field of an issue; one stored before every issue had a field opens the 扩展属性 pane. */
export function issueFieldOf(issue: Pick<UploadIssue, 'field'>): EditorField {
  return issue.field ?? { kind: 'attribute', label: '扩展属性' };
}

/**
 * The issue's origin under its Chinese sentence: Amazon's own words for Amazon's issues; the
 * console's checks are not Amazon's words, and say that nothing was sent.
 */
export function IssueOrigin({ issue }: { issue: Pick<UploadIssue, 'source' | 'code' | 'message'> }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="issue-origin">
      {issue.source === 'amazon'
        ? `亚马逊原文 [${issue.code || '无代码'}]: ${issue.message}`
        : `控制台检查 [${issue.code}]: 发送前发现,未发送到亚马逊`}
    </Typography.Text>
  );
}

/** The field's name and 去修改, which opens the product's editor on it (open-field.ts). */
export function IssueFixLink({ goodsId, issue }: { goodsId: number; issue: Pick<UploadIssue, 'field'> }) {
  const field = issueFieldOf(issue);
  return (
    <Space direction="vertical" size={0}>
      <span data-testid="issue-field">{field.label}</span>
      <FieldFixLink goodsId={goodsId} field={field} testId="issue-fix-link">
        去修改
      </FieldFixLink>
    </Space>
  );
}
