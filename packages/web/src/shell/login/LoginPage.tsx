import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '@/shell/call';
import { PRODUCT_VERSION } from '../constants';
import { safeRedirect } from '../paths';
import { sessionStore } from '../session-store';
import { useBrand } from '../sys-config';
import { LanguageToggle } from './LanguageToggle';
import './login.css';
import { loginMessages } from './messages';

type Values = { username: string; password: string };

/** Spec 2.5: username, password and type 3; on success keep token, user and auth, then go on. */
export default function LoginPage() {
  const t = loginMessages();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The system settings call is public, so the login page shows the company's own name and logo.
  const { title, ...brand } = useBrand();

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      // The request layer toasts a refusal (wrong password, locked account); the form repeats it inline.
      const data = await call('/login', { ...values, type: 3 });
      sessionStore.save({ token: data['Admin-Token'], user: data.user, auth: data.auth });
      // An earlier refusal's toast must not follow the user onto the workbench.
      message.destroy();
      queryClient.clear();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setSubmitting(false);
    }
  };

  return (
    <div className="crm-login">
      <div className="crm-login-lang">
        <LanguageToggle />
      </div>
      <main className="crm-login-card">
        <div className="crm-login-brand">
          {brand.logo ? (
            <img className="crm-login-logo" src={brand.logo} alt="" />
          ) : (
            <span className="crm-login-mark" aria-hidden>
              {Array.from(title)[0]}
            </span>
          )}
          <h1 className="crm-login-title">{title}</h1>
          <p className="crm-login-subtitle">{t('subtitle')}</p>
        </div>
        <h2 className="crm-login-welcome">{t('welcome')}</h2>
        <Form<Values> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('username')} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={t('password')} autoComplete="current-password" />
          </Form.Item>
          {error && <Alert className="crm-login-error" type="error" showIcon title={error} role="alert" />}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('submit')}
          </Button>
        </Form>
      </main>
      <footer className="crm-login-footer">
        {t('footer', { year: new Date().getFullYear(), title, version: PRODUCT_VERSION })}
      </footer>
    </div>
  );
}
