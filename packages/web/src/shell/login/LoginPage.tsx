import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '@/shell/call';
import { PRODUCT_VERSION } from '../constants';
import { safeRedirect } from '../paths';
import { dismissStaticToasts } from '../request';
import { sessionStore } from '../session-store';
import { useBrand } from '../sys-config';
import { LanguageToggle } from './LanguageToggle';
import './login.css';
import { loginMessages } from './messages';

type Values = { username: string; password: string };
type Errors = Partial<Record<keyof Values, string>>;

const UserIcon = () => (
  <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.4">
    <circle cx="8" cy="5" r="3" />
    <path d="M2.5 14.5c.6-3 2.8-4.6 5.5-4.6s4.9 1.6 5.5 4.6" strokeLinecap="round" />
  </svg>
);
const LockIcon = () => (
  <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.4">
    <rect x="3" y="7" width="10" height="7.5" rx="1.5" />
    <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
  </svg>
);

/**
 * Spec 2.5: username, password and type 3; on success keep token, user and auth, then go on.
 * Plain React and CSS (login.css), no antd: the login page is the first load of every visit and
 * must stay small (the browser test e2e/tests/asset-budget.test.ts holds it to its budget).
 */
export default function LoginPage() {
  const t = loginMessages();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The system settings call is public, so the login page shows the company's own name and logo.
  const { title, ...brand } = useBrand();

  // The only thing to do here is to type the username (antd's Input had autoFocus).
  const usernameRef = useRef<HTMLInputElement>(null);
  useEffect(() => usernameRef.current?.focus(), []);

  const validate = (v: Values): Errors => ({
    ...(v.username.trim() ? {} : { username: t('usernameRequired') }),
    ...(v.password ? {} : { password: t('passwordRequired') }),
  });
  const change = (field: keyof Values) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (errors[field]) setErrors(validate(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      // A refusal (wrong password, locked account) shows once, inline under the form: no toast beside it.
      const data = await call('/login', { ...values, type: 3 }, { silent: true });
      sessionStore.save({ token: data['Admin-Token'], user: data.user, auth: data.auth });
      // An earlier refusal's toast must not follow the user onto the workbench.
      dismissStaticToasts();
      queryClient.clear();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setSubmitting(false);
    }
  };

  const field = (name: keyof Values, input: ReactNode, icon: ReactNode) => (
    <div className="crm-login-field">
      <span className={errors[name] ? 'crm-login-input crm-login-input-error' : 'crm-login-input'}>
        {icon}
        {input}
      </span>
      {errors[name] && (
        <div className="crm-login-field-error" role="alert">
          {errors[name]}
        </div>
      )}
    </div>
  );

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
        <form onSubmit={onSubmit} noValidate autoComplete="on">
          {field(
            'username',
            <input
              ref={usernameRef}
              name="username"
              value={values.username}
              onChange={change('username')}
              placeholder={t('username')}
              autoComplete="username"
              aria-label={t('username')}
            />,
            <UserIcon />,
          )}
          {field(
            'password',
            <input
              name="password"
              type="password"
              value={values.password}
              onChange={change('password')}
              placeholder={t('password')}
              autoComplete="current-password"
              aria-label={t('password')}
            />,
            <LockIcon />,
          )}
          {error && (
            <div className="crm-login-error" role="alert">
              {error}
            </div>
          )}
          <button type="submit" className="crm-login-submit" disabled={submitting} aria-busy={submitting}>
            {submitting && <span className="crm-login-submit-spinner" aria-hidden />}
            {t('submit')}
          </button>
        </form>
      </main>
      <footer className="crm-login-footer">
        {t('footer', { year: new Date().getFullYear(), title, version: PRODUCT_VERSION })}
      </footer>
    </div>
  );
}
