import { buildAuthObject, companyTimeZone, DEFAULT_TIME_ZONE } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { setTimeZone } from '@/shell/time';
import { answered } from '@/test/answers';
import { renderWithApp } from '@/workbench/examine/test-utils';
import SystemConfigPage from './SystemConfigPage';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  setTimeZone(DEFAULT_TIME_ZONE);
});

const settings = { companyName: '丽颜医美', logo: '', portalUrl: '', timeZone: 'Asia/Shanghai', name: '丽颜医美' };

/** The API as the page calls it; the multipart save's fields are kept. */
function stubApi() {
  const saved: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).split('?')[0]!;
      if (path === '/sysConfig/query') return answered('/sysConfig/query', settings);
      if (path === '/sysConfig/map') return answered('/sysConfig/map', { mapProvider: '', mapKey: '' });
      if (path === '/sysConfig/set') {
        const form = Object.fromEntries([...(init!.body as FormData).entries()].map(([k, v]) => [k, String(v)]));
        saved.push(form);
        return answered('/sysConfig/set', { ...settings, timeZone: form.timeZone! });
      }
      return new Response(JSON.stringify({ code: 0, msg: 'success', data: null }));
    }),
  );
  return saved;
}

describe('企业首页: the time zone', { timeout: 60_000 }, () => {
  it('shows the company’s zone; an administrator picks another, which the web then uses', async () => {
    const saved = stubApi();
    sessionStore.save({ auth: buildAuthObject(['manage:system:update']) });
    renderWithApp(<SystemConfigPage />, { permissions: ['manage:system:update'] });
    expect(await screen.findByTitle('Asia/Shanghai')).toBeTruthy();
    const zone = screen.getByRole('combobox', { name: '时区' });
    const select = zone.closest('.ant-select')!;
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.change(zone, { target: { value: 'Europe/Berl' } });
    const berlin = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.textContent === 'Europe/Berlin' && !o.closest('.ant-select-dropdown-hidden'),
      );
      if (!found) throw new Error('no option Europe/Berlin');
      return found;
    });
    fireEvent.click(berlin);
    fireEvent.click([...document.querySelectorAll('button')].find((b) => /保\s*存/.test(b.textContent ?? ''))!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ companyName: '丽颜医美', timeZone: 'Europe/Berlin' });
    await waitFor(() => expect(companyTimeZone()).toBe('Europe/Berlin'));
  });
});
