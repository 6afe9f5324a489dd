import { type ChatServerFrame, chatServerFrame, companyTimeZone } from '@crm/shared';
import { timeWriter } from '../core/times.ts';

const writeTimes = timeWriter(chatServerFrame);

/** A socket frame as text, its times written like every answer's (core/times.ts). */
export function frameText(frame: ChatServerFrame): string {
  return JSON.stringify(writeTimes ? writeTimes(frame, companyTimeZone()) : frame);
}
