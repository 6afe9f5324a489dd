import { BedStatus } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { bedActionKeys } from './bed-actions';

const { free, occupied, reserved, disabled } = BedStatus;

describe('bedActionKeys', () => {
  const cases: [string, number, { works: boolean; manages: boolean }, string[]][] = [
    ['a free bed to the ward staff', free, { works: true, manages: false }, ['admit', 'reserve']],
    ['a reserved bed to the ward staff', reserved, { works: true, manages: false }, ['admit', 'release']],
    ['an occupied bed to the ward staff', occupied, { works: true, manages: false }, ['move', 'discharge']],
    ['a bed out of use to the ward staff', disabled, { works: true, manages: false }, []],
    ['a free bed to the settings holder only', free, { works: false, manages: true }, ['disable', 'edit']],
    ['an occupied bed to the settings holder: never out of use', occupied, { works: false, manages: true }, ['edit']],
    ['a bed out of use to the settings holder', disabled, { works: false, manages: true }, ['enable', 'edit']],
    [
      'a reserved bed to someone with both',
      reserved,
      { works: true, manages: true },
      ['admit', 'release', 'disable', 'edit'],
    ],
  ];
  for (const [label, status, can, keys] of cases)
    it(label, () => {
      expect(bedActionKeys({ status, occupied: status === occupied }, can)).toEqual(keys);
    });
});
