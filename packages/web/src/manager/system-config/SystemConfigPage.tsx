import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { sysConfigSetSchema } from '@crm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Image, Input, Select, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { defineMessages } from '@/i18n';
import { call } from '@/shell/call';
import { setPortalUrl } from '@/shell/request';
import { setTimeZone } from '@/shell/time';
import { api, managerKeys } from '../api';
import { useCommonMessages } from '../messages';
import '../manager.css';
import { usePermission } from '../use-permission';

const useMessages = defineMessages({
  zh: {
    title: '企业首页',
    companyName: '企业名称',
    companyNamePlaceholder: '显示在顶部导航和登录页',
    logo: '企业logo',
    logoHint: '建议尺寸 180×40，支持 png、jpg、svg',
    chooseLogo: '选择图片',
    removeLogo: '移除logo',
    noLogo: '未设置',
    portalUrl: '门户地址',
    portalUrlHint: '网络连续 3 次请求失败时跳转到此地址',
    mapProvider: '地图服务',
    mapNone: '不使用（选择省市区并填写地址）',
    mapAmap: '高德地图',
    mapBaidu: '百度地图',
    mapKey: '地图密钥',
    mapKeyHint: '门店和客户地址的地图选点、地点搜索与逆地理编码使用此服务的 Web 服务密钥',
    timeZone: '时区',
    timeZoneHint: '系统中的时间都按此时区显示和填写，默认 Asia/Shanghai（北京时间）',
    readOnly: '你没有编辑权限，只能查看',
  },
  en: {
    title: 'Company',
    companyName: 'Company name',
    companyNamePlaceholder: 'Shown in the top bar and on the login page',
    logo: 'Company logo',
    logoHint: 'Suggested size 180×40; png, jpg or svg',
    chooseLogo: 'Choose image',
    removeLogo: 'Remove logo',
    noLogo: 'Not set',
    portalUrl: 'Portal address',
    portalUrlHint: 'Opened after 3 network failures in a row',
    mapProvider: 'Map service',
    mapNone: 'None (choose the region and type the address)',
    mapAmap: 'AMap',
    mapBaidu: 'Baidu Maps',
    mapKey: 'Map key',
    mapKeyHint: 'The web-service key the shop and customer address maps use for search and geocoding',
    timeZone: 'Time zone',
    timeZoneHint: 'Every time in the system is shown and entered in this zone; Asia/Shanghai by default',
    readOnly: 'You may view these settings but not change them',
  },
});

type Values = {
  companyName: string;
  portalUrl: string;
  mapProvider: '' | 'amap' | 'baidu';
  mapKey: string;
  timeZone: string;
};

/** The zones the browser knows (the server checks the choice again). */
const zoneOptions = (current: string | undefined) => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = current && !known.includes(current) ? [current, ...known] : known;
  return zones.map((z) => ({ value: z, label: z }));
};
/** The logo as the form holds it: kept, removed, or a newly chosen file. */
type LogoState = { kind: 'keep' } | { kind: 'remove' } | { kind: 'file'; file: File; preview: string };

export default function SystemConfigPage() {
  const t = useMessages();
  const c = useCommonMessages();
  const can = usePermission();
  const editable = can('manage.system.update');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [logo, setLogo] = useState<LogoState>({ kind: 'keep' });
  const config = useQuery({ queryKey: [...managerKeys.sysConfig, 'manager'], queryFn: api.sysConfig });
  const map = useQuery({ queryKey: ['sysConfig', 'map'], queryFn: () => call('/sysConfig/map') });

  useEffect(() => {
    if (config.data)
      form.setFieldsValue({
        companyName: config.data.companyName,
        portalUrl: config.data.portalUrl,
        timeZone: config.data.timeZone,
      });
  }, [config.data, form]);
  useEffect(() => {
    if (map.data) form.setFieldsValue({ mapProvider: map.data.mapProvider, mapKey: map.data.mapKey });
  }, [map.data, form]);
  useEffect(() => () => (logo.kind === 'file' ? URL.revokeObjectURL(logo.preview) : undefined), [logo]);

  const save = useMutation({
    mutationFn: (values: Partial<Values>) => {
      // The settings form saves every field (an absent one would keep the stored value).
      const body = new FormData();
      body.append('companyName', values.companyName ?? '');
      body.append('portalUrl', values.portalUrl ?? '');
      body.append('mapProvider', values.mapProvider ?? '');
      body.append('mapKey', values.mapKey ?? '');
      if (values.timeZone) body.append('timeZone', values.timeZone);
      if (logo.kind === 'remove') body.append('logo', '');
      if (logo.kind === 'file') body.append('file', logo.file);
      return api.setSysConfig(body);
    },
    onSuccess: (saved) => {
      message.success(c('saveSuccess'));
      setPortalUrl(saved.portalUrl || undefined);
      setTimeZone(saved.timeZone);
      setLogo({ kind: 'keep' });
      void queryClient.invalidateQueries({ queryKey: managerKeys.sysConfig });
      void queryClient.invalidateQueries({ queryKey: ['sysConfig'] });
    },
  });

  const rules = zodRules(sysConfigSetSchema);
  const submit = async () => {
    const values = await validateWithSchema(form, sysConfigSetSchema);
    if (values) save.mutate(values);
  };

  const logoUrl = logo.kind === 'file' ? logo.preview : logo.kind === 'remove' ? '' : (config.data?.logo ?? '');

  return (
    <Card title={t('title')}>
      <Spin spinning={config.isLoading}>
        {!editable && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
            {t('readOnly')}
          </Typography.Paragraph>
        )}
        <Form
          form={form}
          name="sysConfig"
          labelCol={{ flex: '120px' }}
          wrapperCol={{ flex: '480px' }}
          disabled={!editable}
          onFinish={submit}
          initialValues={{ companyName: '', portalUrl: '', mapProvider: '', mapKey: '' }}
        >
          <Form.Item name="companyName" label={t('companyName')} rules={rules('companyName')}>
            <Input placeholder={t('companyNamePlaceholder')} maxLength={50} showCount />
          </Form.Item>
          <Form.Item label={t('logo')} extra={t('logoHint')}>
            <Space align="center" size={16} wrap>
              <div className="manager-logo-box">
                {logoUrl ? (
                  <Image src={logoUrl} alt={t('logo')} height={48} style={{ maxWidth: 200, objectFit: 'contain' }} />
                ) : (
                  <Typography.Text type="secondary">{t('noLogo')}</Typography.Text>
                )}
              </div>
              <Upload
                accept="image/*"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(file) => {
                  setLogo({ kind: 'file', file, preview: URL.createObjectURL(file) });
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>{t('chooseLogo')}</Button>
              </Upload>
              {logoUrl && (
                <Button icon={<DeleteOutlined />} onClick={() => setLogo({ kind: 'remove' })}>
                  {t('removeLogo')}
                </Button>
              )}
            </Space>
          </Form.Item>
          <Form.Item name="portalUrl" label={t('portalUrl')} extra={t('portalUrlHint')} rules={rules('portalUrl')}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="mapProvider" label={t('mapProvider')} rules={rules('mapProvider')}>
            <Select
              options={[
                { value: '', label: t('mapNone') },
                { value: 'amap', label: t('mapAmap') },
                { value: 'baidu', label: t('mapBaidu') },
              ]}
            />
          </Form.Item>
          <Form.Item name="mapKey" label={t('mapKey')} extra={t('mapKeyHint')} rules={rules('mapKey')}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item name="timeZone" label={t('timeZone')} extra={t('timeZoneHint')} rules={rules('timeZone')}>
            <Select showSearch options={zoneOptions(config.data?.timeZone)} />
          </Form.Item>
          {editable && (
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {c('save')}
              </Button>
            </Form.Item>
          )}
        </Form>
      </Spin>
    </Card>
  );
}
