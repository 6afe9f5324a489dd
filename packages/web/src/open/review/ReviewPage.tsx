import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { REVIEW_PHOTO_MAX, type ReviewOpenInfo, type reviewSubmitAnswerSchema, showFen } from '@crm/shared';
import { Alert, Button, Card, Input, Rate, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { defineMessages } from '@/i18n';
import { OpenRefused } from '@/shell/open/OpenRefused';
import { openCall, openToken } from '@/shell/open/open-call';
import { showTime } from '@/shell/time';
import { shrinkImage } from './shrink';

/**
 * 顾客评价's open page (/evaluateH5?token=…, issue 25, h-coupons): on the customer's phone, without
 * signing in. The treatment and its staff, three scores, text and up to six photos (shrunk on the
 * phone first), one submit; the coupons the review earned are shown at the end.
 */
const useMessages = defineMessages({
  zh: {
    title: '服务评价',
    intro: '感谢您的光临，请为本次服务打分',
    project: '项目',
    time: '时间',
    staff: '服务人员',
    effect: '效果',
    service: '服务',
    environment: '环境',
    content: '说说您的感受（选填）',
    photos: '上传照片（选填，最多{max}张）',
    addPhoto: '添加照片',
    submit: '提交评价',
    needScores: '请为效果、服务和环境打分',
    thanks: '感谢您的评价',
    earned: '您获得了优惠券，下次到店收费时可用：',
    coupon: '{name}：{value}（满{threshold}可用，{validTo}前有效，券码 {code}）',
    couponNoThreshold: '{name}：{value}（{validTo}前有效，券码 {code}）',
  },
  en: {
    title: 'Review',
    intro: 'Thank you for your visit. Please rate it',
    project: 'Treatment',
    time: 'Time',
    staff: 'Staff',
    effect: 'Effect',
    service: 'Service',
    environment: 'Environment',
    content: 'Tell us more (optional)',
    photos: 'Photos (optional, up to {max})',
    addPhoto: 'Add a photo',
    submit: 'Submit',
    needScores: 'Please rate effect, service and environment',
    thanks: 'Thank you for your review',
    earned: 'You earned a coupon for your next visit:',
    coupon: '{name}: {value} (from {threshold}, valid until {validTo}, code {code})',
    couponNoThreshold: '{name}: {value} (valid until {validTo}, code {code})',
  },
});

type Photo = { fileId: number; preview: string };
type Submitted = z.infer<typeof reviewSubmitAnswerSchema>;

export default function ReviewPage() {
  const t = useMessages();
  const token = openToken();
  const [info, setInfo] = useState<ReviewOpenInfo | null>(null);
  const [refused, setRefused] = useState<string | null>(token ? null : '');
  const [scores, setScores] = useState({ effect: 0, service: 0, environment: 0 });
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Submitted | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!token) return;
    openCall<ReviewOpenInfo>('/evaluate/open/info', token).then(setInfo, (err: Error) => setRefused(err.message));
  }, [token]);

  if (refused !== null) return <OpenRefused msg={refused} />;
  if (done) {
    return (
      <div className="open-review">
        <Result
          status="success"
          title={t('thanks')}
          subTitle={
            done.coupons.length ? (
              <Space direction="vertical">
                <span>{t('earned')}</span>
                {done.coupons.map((c) => (
                  <strong key={c.code} data-testid="earned-coupon">
                    {t(c.threshold > 0 ? 'coupon' : 'couponNoThreshold', {
                      name: c.name,
                      value: showFen(c.value),
                      threshold: showFen(c.threshold),
                      validTo: c.validTo,
                      code: c.code,
                    })}
                  </strong>
                ))}
              </Space>
            ) : undefined
          }
        />
      </div>
    );
  }
  if (!info) return <Spin style={{ display: 'block', margin: '40vh auto' }} />;

  const addPhotos = async (files: FileList | null) => {
    setError(null);
    for (const file of Array.from(files ?? []).slice(0, REVIEW_PHOTO_MAX - photos.length)) {
      try {
        const data = await shrinkImage(file);
        const res = await openCall<{ fileId: number }>('/evaluate/open/photo', token, { name: file.name, data });
        setPhotos((p) => [...p, { fileId: res.fileId, preview: data }]);
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      }
    }
  };
  const submit = async () => {
    if (!scores.effect || !scores.service || !scores.environment) return setError(t('needScores'));
    setBusy(true);
    setError(null);
    try {
      setDone(
        await openCall<Submitted>('/evaluate/open/submit', token, {
          ...scores,
          content,
          fileIds: photos.map((p) => p.fileId),
        }),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const rate = (key: keyof typeof scores) => (
    <div className="open-review-score" style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 8 }}>
      <span>{t(key)}</span>
      <Rate value={scores[key]} onChange={(v) => setScores((s) => ({ ...s, [key]: v }))} aria-label={t(key)} />
    </div>
  );

  return (
    <div className="open-review" style={{ maxWidth: 480, margin: '0 auto', padding: 12 }}>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {info.clinicName || t('title')}
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 12 }}>
        <div>{info.storeName}</div>
        <div>
          {t('project')}：{info.projectName}
        </div>
        <div>
          {t('time')}：{showTime(info.treatmentTime)}
        </div>
        {info.staff.length > 0 && (
          <div>
            {t('staff')}：{info.staff.join('、')}
          </div>
        )}
      </Card>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      {rate('effect')}
      {rate('service')}
      {rate('environment')}
      <Input.TextArea
        rows={4}
        maxLength={500}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={t('content')}
        style={{ margin: '12px 0' }}
      />
      <div>{t('photos', { max: REVIEW_PHOTO_MAX })}</div>
      <Space wrap style={{ margin: '8px 0' }}>
        {photos.map((p) => (
          <div key={p.fileId} style={{ position: 'relative' }}>
            <img src={p.preview} alt="" width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              style={{ position: 'absolute', top: -6, right: -6 }}
              onClick={() => setPhotos((all) => all.filter((x) => x.fileId !== p.fileId))}
            />
          </div>
        ))}
        {photos.length < REVIEW_PHOTO_MAX && (
          <Button icon={<CameraOutlined />} onClick={() => fileInput.current?.click()} style={{ height: 72 }}>
            {t('addPhoto')}
          </Button>
        )}
      </Space>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(e) => {
          void addPhotos(e.target.files);
          e.target.value = '';
        }}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" block size="large" loading={busy} onClick={submit}>
        {t('submit')}
      </Button>
    </div>
  );
}
