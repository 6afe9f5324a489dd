import { showFen, visitNoteKindNames, type WitnessCard } from '@crm/shared';
import { Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { useCodeNames } from '@/booking/pickers';
import { showTime } from '@/shell/time';
import { useWitnessMessages } from './messages';

type Note = WitnessCard['notes'][number];

function Notes({ notes, empty }: { notes: Note[]; empty: string }) {
  if (notes.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      {notes.map((n) => (
        <div key={n.noteId}>
          <Tag>{visitNoteKindNames[n.kind]}</Tag>
          <Typography.Text type="secondary">
            {n.userName} {showTime(n.createTime, 'MM-DD HH:mm')}
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{n.content}</Typography.Paragraph>
        </div>
      ))}
    </Space>
  );
}

/**
 * The customer card (one call): who, money, sessions left, this visit's notes, earlier visits
 * with their consult and doctor notes, the latest follow-ups.
 */
export function CustomerCard({ card }: { card: WitnessCard }) {
  const t = useWitnessMessages();
  const names = useCodeNames();
  const { customer, account } = card;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="witness-card">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
        <Descriptions.Item label={t('customer')}>{customer.customerName}</Descriptions.Item>
        <Descriptions.Item label={t('mobile')}>{customer.mobile}</Descriptions.Item>
        <Descriptions.Item label={t('gender')}>
          {customer.gender === 1 ? t('male') : customer.gender === 2 ? t('female') : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('owner')}>{customer.ownerName}</Descriptions.Item>
        {/* 会员卡号 (issue 23, h-visit23) */}
        <Descriptions.Item label={t('cardNumber')}>{account.cardNumber ?? t('noCard')}</Descriptions.Item>
        <Descriptions.Item label={t('principal')}>{showFen(account.principal)}</Descriptions.Item>
        <Descriptions.Item label={t('gift')}>{showFen(account.gift)}</Descriptions.Item>
        <Descriptions.Item label={t('arrears')}>
          <Typography.Text type={account.arrears > 0 ? 'danger' : undefined}>
            {showFen(account.arrears)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('totalPaid')}>{showFen(account.totalPaid)}</Descriptions.Item>
        <Descriptions.Item label={t('dealStatus')}>
          {t(`deal_${card.visit.dealStatus}` as 'deal_0')}
          {card.visit.noDealReason && `（${card.visit.noDealReason}）`}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t('deals')}>
        {card.deals.length === 0 ? (
          <Typography.Text type="secondary">{t('noDeals')}</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={card.deals}
            renderItem={(d) => (
              <List.Item key={d.dealId}>
                <Space wrap>
                  <span>{d.name}</span>
                  <Tag color="blue">{t('sessionsLeft', { left: d.sessionsLeft, bought: d.sessionsBought })}</Tag>
                  {d.sessionsHeld > 0 && <span>{t('held', { n: d.sessionsHeld })}</span>}
                  {d.arrears > 0 && <Tag color="red">{`${t('arrears')} ${showFen(d.arrears)}`}</Tag>}
                  {d.expiresOn && (
                    <Typography.Text type="secondary">{t('expires', { day: d.expiresOn })}</Typography.Text>
                  )}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card size="small" title={t('notes')}>
        <Notes notes={card.notes} empty={t('noNotes')} />
      </Card>
      <Card size="small" title={t('history')}>
        {card.visits.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHistory')} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            {card.visits.map((v) => (
              <div key={v.visitId}>
                <Space wrap>
                  <strong>{showTime(v.arrivedTime, 'YYYY-MM-DD')}</strong>
                  <Tag>{names.visitType[v.visitType]}</Tag>
                  <Tag>{names.visitStatus[v.status]}</Tag>
                  {v.consultantName && <span>{v.consultantName}</span>}
                  <span>{t(`deal_${v.dealStatus}` as 'deal_0')}</span>
                </Space>
                <Notes notes={v.notes} empty={t('noNotes')} />
              </div>
            ))}
          </Space>
        )}
      </Card>
      <Card size="small" title={t('followUps')}>
        {card.followUps.length === 0 ? (
          <Typography.Text type="secondary">{t('noFollowUps')}</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={card.followUps}
            renderItem={(f) => (
              <List.Item key={f.followId}>
                <Space direction="vertical" size={0}>
                  <Typography.Text type="secondary">
                    {showTime(f.createTime, 'YYYY-MM-DD HH:mm')} {f.userName} · {f.category}
                  </Typography.Text>
                  <span>{f.content}</span>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
