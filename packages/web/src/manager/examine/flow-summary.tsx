import { RightOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { Fragment } from 'react';
import { stepNeedsUsers, stepTypeKey, useFlowWords } from '@/workbench/examine/flow-words';
import type { AdminCategory } from './api';
import { useCategoryMessages } from './messages';

/** One line describing a category's flow: 主管审批 › 或签（陈静、刘洋）, or 发起人自选审批人. */
export function FlowSummary({ category }: { category: AdminCategory }) {
  const t = useCategoryMessages();
  const w = useFlowWords();
  if (category.examineType === 2) {
    const preset = category.examineUsers[0]?.realname;
    return (
      <Typography.Text type="secondary">
        {t('chosenSummary')}
        {preset ? `（${t('presetSummary', { name: preset })}）` : ''}
      </Typography.Text>
    );
  }
  if (category.steps.length === 0) return <Typography.Text type="secondary">{t('noSteps')}</Typography.Text>;
  return (
    <span className="exa-flow-summary">
      {category.steps.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
        <Fragment key={i}>
          {i > 0 && <RightOutlined className="exa-flow-summary__sep" />}
          <span>
            {w(stepTypeKey(s.stepType))}
            {stepNeedsUsers(s.stepType) && s.userList.length > 0 && (
              <Typography.Text type="secondary">（{s.userList.map((u) => u.realname).join('、')}）</Typography.Text>
            )}
            {s.condition && (
              <Typography.Text type="secondary" className="exa-flow-summary__if">
                {' '}
                {t('conditional')}
              </Typography.Text>
            )}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
