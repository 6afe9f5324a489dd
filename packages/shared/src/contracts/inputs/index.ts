import type { z } from 'zod';
import { biInputs } from './bi.ts';
import { clinicInputs } from './clinic.ts';
import { crmInputs } from './crm.ts';
import { clinicSettingsKindInputs, examineFormSubmitInputs, openLinkInputs, recordKindsInputs } from './declared.ts';
import type { Loose } from './loose.ts';
import { oaInputs } from './oa.ts';
import { systemInputs } from './system.ts';
import { workbenchInputs } from './workbench.ts';

export type { KindInput } from './records.ts';

/**
 * What every call reads, by path (issue 27): the shared schema its route parses the body (POST)
 * or query (GET) with, the very object (core/input-contracts.test.ts compares them). The web's
 * `call` and the tests' helpers are typed from it (`Input<P>`); a path no route reads input on is
 * not listed. The calls derived from declarations, then one map per area (a kind's own call of
 * a generic name, leads' `transfer`, is its area's).
 */
export const inputContracts = {
  ...recordKindsInputs,
  ...clinicSettingsKindInputs,
  ...examineFormSubmitInputs,
  ...openLinkInputs,
  ...systemInputs,
  ...oaInputs,
  ...crmInputs,
  ...clinicInputs,
  ...workbenchInputs,
  ...biInputs,
} satisfies Record<string, z.ZodType>;
export type InputPath = keyof typeof inputContracts;

/** The body of a call as a client sends it (before defaults and trimming): `Input<'/OaLog/saveLog'>`. */
export type Input<P extends InputPath> = Loose<z.input<(typeof inputContracts)[P]>>;
