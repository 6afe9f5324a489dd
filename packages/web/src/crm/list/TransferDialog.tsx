import { recordKindByKey, type TransferCarry } from '@crm/shared';
import { App, Checkbox, Form, Radio } from 'antd';
import { useState } from 'react';
import { SubmitModal } from '@/components/form/SubmitModal';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { useLang } from '@/i18n';
import { useCrmMessages } from '../messages';

export type TransferBody = { newOwnerUserId: number; transferType: 1 | 2; power: 1 | 2; carry?: TransferCarry[] };

/**
 * 转移: a new owner, and what becomes of the old one: removed, or kept on the team read-only
 * or read-write (`transferType` 1 / 2 with `power`). A kind whose related records may follow (its
 * declaration's `transferCarry`: a customer's opportunities and contracts) offers them as 同时转移
 * choices (`carry`), each by the carried kind's name.
 */
export function TransferDialog({
  open,
  onClose,
  onSubmit,
  carryChoices = [],
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (body: TransferBody) => Promise<void>;
  carryChoices?: readonly TransferCarry[];
}) {
  const t = useCrmMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const kindName = (key: string) => {
    const kind = recordKindByKey(key);
    return kind ? (lang === 'en' ? kind.nameEn : kind.name) : key;
  };
  const [owner, setOwner] = useState<PickedUser[]>([]);
  const [transferType, setTransferType] = useState<1 | 2>(1);
  const [power, setPower] = useState<1 | 2>(1);
  const [carry, setCarry] = useState<TransferCarry[]>([]);
  const submit = () => {
    const user = owner[0];
    if (!user) {
      message.warning(t('chooseOwner'));
      return;
    }
    return onSubmit({ newOwnerUserId: user.userId, transferType, power, ...(carryChoices.length ? { carry } : {}) });
  };
  return (
    <SubmitModal
      open={open}
      title={t('transfer')}
      onCancel={onClose}
      onSubmit={submit}
      okText={t('save')}
      cancelText={t('cancel')}
      okTestId="transfer-save"
    >
      <Form layout="vertical" data-testid="transfer-dialog">
        <Form.Item label={t('newOwner')} required>
          <MemberSelect single value={owner} onChange={setOwner} title={t('newOwner')} />
        </Form.Item>
        <Form.Item label={t('oldOwner')}>
          <Radio.Group value={transferType} onChange={(e) => setTransferType(e.target.value)}>
            <Radio value={1}>{t('dropOldOwner')}</Radio>
            <Radio value={2}>{t('keepOldOwner')}</Radio>
          </Radio.Group>
        </Form.Item>
        {transferType === 2 && (
          <Form.Item label={t('power')}>
            <Radio.Group value={power} onChange={(e) => setPower(e.target.value)}>
              <Radio value={1}>{t('power1')}</Radio>
              <Radio value={2}>{t('power2')}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {carryChoices.length > 0 && (
          <Form.Item label={t('carryAlong')}>
            <Checkbox.Group
              data-testid="transfer-carry"
              value={carry}
              onChange={(v) => setCarry(v as TransferCarry[])}
              options={carryChoices.map((c) => ({
                value: c,
                label: kindName(c),
              }))}
            />
          </Form.Item>
        )}
      </Form>
    </SubmitModal>
  );
}
