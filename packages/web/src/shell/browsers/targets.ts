/**
 * The browsers the build targets (vite.config.ts `build.target` reads this list, so the
 * user menu's 支持的浏览器 dialog cannot drift from what the bundle is compiled for). These are
 * Vite's "baseline widely available" versions; raising one here raises the build's floor.
 */
export const BUILD_TARGET = ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'] as const;

export type SupportedBrowser = { key: string; version: string };

/** `chrome111` → { key: 'chrome', version: '111' }, in the build's order. */
export function supportedBrowsers(target: readonly string[] = BUILD_TARGET): SupportedBrowser[] {
  return target.map((t) => {
    const m = /^([a-z]+)([\d.]+)$/.exec(t);
    if (!m) throw new Error(`unreadable build target ${t}`);
    return { key: m[1]!, version: m[2]! };
  });
}
