import { z } from 'zod';
import { isApplicationKey } from './index.ts';
import { payMethodListResponse } from './pay-methods.ts';

// The applications calls' schemas, apart from the area list so the signed-in shell (which reads
// only the list) does not load zod in its first chunk.
export const applicationSchema = z.object({
  key: z.string(),
  title: z.string(),
  titleEn: z.string(),
  enabled: z.boolean(),
});
export const applicationListResponse = z.array(applicationSchema);
export type ApplicationRow = z.infer<typeof applicationSchema>;

const NO_SUCH_APP = '没有这个应用';
/** The web posts form-encoded: `true`/`false` arrive as text. */
const onOff = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: '请选择启用或停用' }),
);
export const applicationSwitchInput = z.object({
  key: z.string({ error: NO_SUCH_APP }).refine(isApplicationKey, { error: NO_SUCH_APP }),
  enabled: onOff,
});
export type ApplicationSwitchInput = z.infer<typeof applicationSwitchInput>;

/** The answers of the applications calls (docs/api). */
export const applicationContracts = {
  '/system/application/list': applicationListResponse,
  '/system/application/switch': applicationListResponse,
  '/system/application/payMethods': payMethodListResponse,
  '/system/application/savePayMethods': payMethodListResponse,
};
