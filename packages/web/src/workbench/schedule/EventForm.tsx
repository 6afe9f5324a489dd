import { eventSaveSchema, eventText, occurrenceSaveSchema, remindChoices } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Switch,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { validateWithSchema } from '@/components/form/zod-rules';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { type CalendarEntry, type EventDetail, scheduleApi, scheduleKeys } from './api';
import { useScheduleMessages } from './messages';

type Ends = 'never' | 'until' | 'count';
type Values = {
  title: string;
  description: string;
  allDay: boolean;
  startDay: Dayjs | null;
  startTime: Dayjs | null;
  endDay: Dayjs | null;
  endTime: Dayjs | null;
  participants: PickedUser[];
  remindMinutes: number;
  freq: 'none' | 'daily' | 'weekly' | 'monthly';
  interval: number;
  weekdays: number[];
  ends: Ends;
  until: Dayjs | null;
  count: number | null;
};

const DAY = 'YYYY-MM-DD';
/** The select's value for 不提醒 (antd selects do not hold null). */
const NO_REMIND = -1;
const HM = 'HH:mm';
const fromHm = (day: string, hm: string | null) => (hm ? dayjs(`${day} ${hm}`, `${DAY} ${HM}`) : null);

/** The form's values as the shared schema reads them (the server parses the same). */
const toInput = (raw: Record<string, unknown>) => {
  const v = raw as Partial<Values>;
  return {
    title: v.title ?? '',
    description: v.description ?? '',
    allDay: Boolean(v.allDay),
    startDay: v.startDay ? v.startDay.format(DAY) : '',
    endDay: v.endDay ? v.endDay.format(DAY) : null,
    startTime: v.allDay || !v.startTime ? null : v.startTime.format(HM),
    endTime: v.allDay || !v.endTime ? null : v.endTime.format(HM),
    participantIds: (v.participants ?? []).map((u) => u.userId),
    remindMinutes: v.remindMinutes === undefined || v.remindMinutes === NO_REMIND ? null : v.remindMinutes,
    repeat: {
      freq: v.freq ?? 'none',
      interval: v.interval ?? 1,
      weekdays: v.freq === 'weekly' ? (v.weekdays ?? []) : [],
      until: v.ends === 'until' && v.until ? v.until.format(DAY) : null,
      count: v.ends === 'count' ? (v.count ?? null) : null,
    },
  };
};

/** The fields one occurrence keeps of its own (this occurrence only). */
const toOccurrenceInput = (raw: Record<string, unknown>) => {
  const { title, allDay, startDay, endDay, startTime, endTime, remindMinutes } = toInput(raw);
  return { title, allDay, startDay, endDay, startTime, endTime, remindMinutes };
};

/**
 * 新建日程 / 编辑日程 (the whole series), or with `occurrence` 编辑此次日程: that occurrence's
 * title, time and reminder only. One batch id per open form: a double click answers the same
 * event. `day` presets the start when creating from a calendar day.
 */
export function EventForm({
  editing,
  occurrence,
  day,
  onClose,
}: {
  editing?: EventDetail;
  occurrence?: CalendarEntry;
  day: string;
  onClose: (saved?: boolean) => void;
}) {
  const t = useScheduleMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [batchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const allDay = Form.useWatch('allDay', form);
  const freq = Form.useWatch('freq', form);
  const ends = Form.useWatch('ends', form);

  const start = editing?.startDay ?? day;
  const initial: Values = {
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    allDay: editing?.allDay ?? false,
    startDay: dayjs(start),
    startTime: editing ? fromHm(start, editing.startTime) : dayjs(`${day} 09:00`),
    endDay: dayjs(editing?.endDay ?? day),
    endTime: editing ? fromHm(start, editing.endTime) : dayjs(`${day} 10:00`),
    participants: editing?.participants.map((p) => ({ userId: p.userId, realname: p.realname, img: p.img })) ?? [],
    remindMinutes: editing ? (editing.remindMinutes ?? NO_REMIND) : 15,
    freq: editing?.repeat.freq ?? 'none',
    interval: editing?.repeat.interval ?? 1,
    weekdays: editing?.repeat.weekdays ?? [],
    ends: editing?.repeat.until ? 'until' : editing?.repeat.count ? 'count' : 'never',
    until: editing?.repeat.until ? dayjs(editing.repeat.until) : null,
    count: editing?.repeat.count ?? null,
    // One occurrence opens at its own (possibly already changed) time.
    ...(occurrence && {
      title: occurrence.title,
      allDay: occurrence.allDay,
      startDay: dayjs(occurrence.day),
      startTime: fromHm(occurrence.day, occurrence.startTime),
      endDay: dayjs(occurrence.endDay),
      endTime: fromHm(occurrence.day, occurrence.endTime),
      remindMinutes: occurrence.remindMinutes ?? NO_REMIND,
    }),
  };

  const remindLabel = (m: number) =>
    m === 0
      ? t('remind0')
      : m === 1440
        ? t('remindDay')
        : m >= 60
          ? t('remindHour', { n: m / 60 })
          : t('remindMin', { n: m });

  const submitOccurrence = async (entry: CalendarEntry) => {
    const body = { ...toOccurrenceInput(form.getFieldsValue(true)), eventId: entry.id, day: entry.seriesDay };
    const parsed = await validateWithSchema(form, occurrenceSaveSchema, (v) => ({
      ...toOccurrenceInput(v),
      eventId: entry.id,
      day: entry.seriesDay,
    }));
    if (!parsed) return;
    setSaving(true);
    try {
      await scheduleApi.saveOccurrence(body);
      message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['todo'] });
      onClose(true);
    } catch {
      // the request layer showed the server's message
      setSaving(false);
    }
  };

  const submit = async () => {
    if (saving) return;
    if (occurrence) return submitOccurrence(occurrence);
    const parsed = await validateWithSchema(form, eventSaveSchema, toInput, {
      participantIds: 'participants',
      repeat: 'freq',
    });
    if (!parsed) return;
    setSaving(true);
    try {
      await scheduleApi.save({ ...toInput(form.getFieldsValue(true)), eventId: editing?.eventId, batchId });
      message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['todo'] });
      onClose(true);
    } catch {
      // the request layer showed the server's message
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={700}
      title={occurrence ? t('editOne') : editing ? t('edit') : t('create')}
      onCancel={() => onClose()}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => onClose()}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={submit} data-testid="event-save">
          {t('save')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="title" label={t('eventTitle')} required>
          <Input maxLength={eventText.title.max} placeholder={t('titleTips')} autoFocus data-testid="event-title" />
        </Form.Item>
        <div className="schedule-form__row">
          <Form.Item name="allDay" label={t('allDay')} valuePropName="checked">
            <Switch data-testid="event-all-day" />
          </Form.Item>
          <Form.Item name="startDay" label={t('startDay')} required>
            <DatePicker allowClear={false} data-testid="event-start-day" />
          </Form.Item>
          {!allDay && (
            <Form.Item name="startTime" label={t('startTime')} required>
              <TimePicker format={HM} minuteStep={5} needConfirm={false} />
            </Form.Item>
          )}
          <Form.Item name="endDay" label={t('endDay')}>
            <DatePicker />
          </Form.Item>
          {!allDay && (
            <Form.Item name="endTime" label={t('endTime')}>
              <TimePicker format={HM} minuteStep={5} needConfirm={false} />
            </Form.Item>
          )}
        </div>
        {!occurrence && (
          <div className="schedule-form__row">
            <Form.Item name="freq" label={t('repeat')} style={{ minWidth: 140 }}>
              <Select
                data-testid="event-freq"
                options={(['none', 'daily', 'weekly', 'monthly'] as const).map((f) => ({
                  value: f,
                  label: t(`freq${f}`),
                }))}
              />
            </Form.Item>
            {freq && freq !== 'none' && (
              <Form.Item name="interval" label={`${t('every')}（${t(`unit${freq}`)}）`}>
                <InputNumber min={1} max={99} precision={0} />
              </Form.Item>
            )}
            {freq && freq !== 'none' && (
              <Form.Item name="ends" label={t('ends')}>
                <Radio.Group
                  options={[
                    { value: 'never', label: t('endsNever') },
                    { value: 'until', label: t('endsUntil') },
                    { value: 'count', label: t('endsCount') },
                  ]}
                />
              </Form.Item>
            )}
            {freq && freq !== 'none' && ends === 'until' && (
              <Form.Item name="until" label={t('endsUntil')}>
                <DatePicker />
              </Form.Item>
            )}
            {freq && freq !== 'none' && ends === 'count' && (
              <Form.Item name="count" label={t('endsCount')}>
                <InputNumber min={1} max={999} precision={0} data-testid="event-count" />
              </Form.Item>
            )}
          </div>
        )}
        {!occurrence && freq === 'weekly' && (
          <Form.Item name="weekdays" label={t('weekdays')}>
            <Checkbox.Group
              data-testid="event-weekdays"
              options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`w${d}` as 'w1') }))}
            />
          </Form.Item>
        )}
        <Form.Item name="remindMinutes" label={t('remind')}>
          <Select
            style={{ maxWidth: 240 }}
            options={[
              { value: NO_REMIND, label: t('remindNone') },
              ...remindChoices.map((m) => ({ value: m, label: remindLabel(m) })),
            ]}
          />
        </Form.Item>
        {!occurrence && (
          <Form.Item name="participants" label={t('participants')}>
            <MemberSelect title={t('participants')} placeholder={t('participants')} />
          </Form.Item>
        )}
        {!occurrence && (
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea rows={3} maxLength={eventText.description.max} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
