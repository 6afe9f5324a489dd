import { SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useAllowedAddress } from '@/shell/address-access';
import { type CategoryItem, examineApi, examineKeys } from './api';
import { CategoryIcon } from './category-icon';
import { useExamineMessages } from './messages';

/** Where approval types are defined; only those who may open it hear of it. */
const CATEGORY_ADMIN = '/manager/system-workbench';

/**
 * Spec 2.7: the approval-type dialog (width 520), categories grouped by class name; a click
 * selects. Each category shows its 说明 (remarks), which the administrator writes for this dialog.
 */
export function TypePicker({
  open,
  onClose,
  onSelect,
}: {
  open: boolean;
  onClose: () => void;
  onSelect: (category: CategoryItem) => void;
}) {
  const t = useExamineMessages();
  const adminPage = useAllowedAddress()(CATEGORY_ADMIN);
  const groups = useQuery({ queryKey: examineKeys.categories, queryFn: examineApi.categories, enabled: open });
  const list = groups.data ?? [];
  return (
    <Modal open={open} title={t('pickerTitle')} width={520} footer={null} onCancel={onClose} destroyOnHidden>
      <div className="exm-picker__intro">
        <Typography.Text type="secondary">{adminPage ? t('pickerIntroAdmin') : t('pickerIntro')}</Typography.Text>
        {adminPage && (
          <Link to={adminPage} onClick={onClose} data-testid="picker-admin-link">
            <SettingOutlined /> {t('pickerAdminLink')}
          </Link>
        )}
      </div>
      {groups.isPending ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('pickerEmpty')} />
      ) : (
        <div className="exm-picker">
          {list.map((g) => (
            <section key={g.className} className="exm-picker__group" data-testid="picker-group">
              <div className="exm-picker__class">{g.className || t('ungrouped')}</div>
              <div className="exm-picker__grid">
                {g.list.map((c) => (
                  <button
                    key={c.categoryId}
                    type="button"
                    className="exm-picker__item"
                    title={c.remarks ? `${c.title}\n${c.remarks}` : c.title}
                    onClick={() => onSelect(c)}
                  >
                    <CategoryIcon icon={c.icon} title={c.title} size={36} />
                    <span className="exm-picker__text">
                      <span className="exm-picker__name">{c.title}</span>
                      {c.remarks && <span className="exm-picker__remarks">{c.remarks}</span>}
                    </span>
                  </button>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
