import { describe, expect, it } from 'vitest';
import { loginAs } from '../support/browser.ts';
import { useE2E } from '../support/setup.ts';

// The call centre (issue 25): 孙丽 (销售, extension 8001 in the living demo) calls her customer
// 林婉清 from the customer's page with the simulated exchange (the default provider); the dialog
// follows the call to its end, and the customer's 跟进记录 then holds the call's follow-up with a
// recording the browser loads and can play. Her call log lists the call with its player too.

const e2e = useE2E();

/** The duration of the <audio> once its metadata loaded (the recording decodes), or -1 on an error. */
const audioDuration = (audio: HTMLAudioElement) =>
  new Promise<number>((resolve) => {
    audio.onloadedmetadata = () => resolve(audio.duration);
    audio.onerror = () => resolve(-1);
    audio.preload = 'metadata';
    audio.load();
  });

describe('the call centre', () => {
  it('a simulated call leaves a follow-up with its recording', async () => {
    const { page } = e2e;
    await loginAs(page, 'sunli');
    await page.goto('/crm/customer');
    await page.getByTestId('record-link').filter({ hasText: '林婉清' }).first().click();
    await page.getByTestId('record-detail').waitFor({ state: 'visible' });
    const followTab = page.getByRole('tab', { name: '跟进记录' });
    await followTab.click();
    // Count the demo's earlier calls only once the tab's list has loaded.
    await page.locator('[data-testid="follow-ups"][aria-busy="false"]').waitFor();
    const before = await page.getByTestId('follow-item').filter({ hasText: '呼出手机，通话' }).count();

    await page.getByTestId('record-detail').getByTestId('call-mobile').click();
    const state = page.getByTestId('call-state');
    await state.waitFor({ state: 'visible' });
    // Ringing, then talking, then ended (the exchange rings 2 s and talks 5 s by default).
    await expect.poll(() => state.getAttribute('data-status'), { timeout: 20_000 }).toBe('ended');
    await expect.poll(() => state.textContent()).toMatch(/通话结束，时长 0:0\d，已写入跟进记录（附录音）/);
    await page.getByRole('button', { name: '关闭' }).click();

    const calls = page.getByTestId('follow-item').filter({ hasText: '呼出手机，通话' });
    await expect.poll(() => calls.count(), { timeout: 15_000 }).toBe(before + 1);
    const newest = page.getByTestId('follow-item').first();
    await expect.poll(() => newest.textContent()).toContain('打电话');
    const audio = newest.getByTestId('upload-audio');
    await audio.waitFor({ state: 'visible' });
    expect(await audio.evaluate(audioDuration)).toBeGreaterThan(0);

    await page.goto('/crm/callCentre');
    const log = page.getByTestId('call-log');
    await log.locator('.ant-table-row').first().waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => log.locator('.ant-table-row').first().textContent()).toContain('林婉清');
    const logAudio = log.locator('.ant-table-row').first().getByTestId('log-audio');
    expect(await logAudio.evaluate(audioDuration)).toBeGreaterThan(0);
  });
});
