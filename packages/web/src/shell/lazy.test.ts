import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importWithRetry, isChunkLoadError, reloadOnce } from './lazy';
import { browser } from './request';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/Page-x.js');

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('lazy page loading', () => {
  it('recognises chunk load failures of Chrome, Firefox and Safari', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('retries a failed chunk once', async () => {
    const factory = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce('page');
    await expect(importWithRetry(factory)).resolves.toBe('page');
    expect(factory).toHaveBeenCalledTimes(2);
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the retry fails too, but only once a minute', async () => {
    const factory = vi.fn().mockRejectedValue(chunkError());
    void importWithRetry(factory);
    await vi.waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
    expect(factory).toHaveBeenCalledTimes(2);
    // Right after that reload, a failure is shown instead of reloading again.
    await expect(importWithRetry(factory)).rejects.toThrow('dynamically imported module');
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce(Date.now() + 61_000)).toBe(true);
  });

  it('does not reload for an error in the page module itself', async () => {
    const factory = vi.fn().mockRejectedValue(new Error('boom'));
    await expect(importWithRetry(factory)).rejects.toThrow('boom');
    expect(browser.reload).not.toHaveBeenCalled();
  });
});
