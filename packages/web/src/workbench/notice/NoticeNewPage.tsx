import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { useNoticeMessages } from './messages';
import { NoticeForm } from './NoticeForm';
import './notice.css';

/** notice-new (spec 2.3, hidden): the publish form as a page, opened by the quick-add and 发布公告. */
export default function NoticeNewPage() {
  const t = useNoticeMessages();
  const navigate = useNavigate();
  return (
    <Card title={t('create')} className="notice-new">
      <NoticeForm
        onDone={(id) =>
          navigate(id ? `/workbench/notice?announcementId=${id}` : '/workbench/notice', { replace: true })
        }
      />
    </Card>
  );
}
