import { formatTime } from '../../time/clock.ts';

/**
 * Follow-up plans (回访计划): a template of follow-ups, each so many days after a treatment or a
 * discharge, for a role; applying it creates the existing 回访任务 (crm_customer_agency) of the
 * person in that role, due on the day the offset gives in the company's time zone.
 */

/** When a plan applies: after a 划扣 of its project (or class), or after a discharge (术后回访). */
export const followUpTriggers = [
  { value: 'treatment', label: '治疗后', labelEn: 'After a treatment' },
  { value: 'discharge', label: '出院后', labelEn: 'After discharge' },
];

/**
 * Who asks. consultant: the deal's (treatment) or the visit's (discharge) consultant; doctor and
 * nurse: the treating staff in that role (treatment) or the admission's (discharge), else the
 * deal's doctor; developer: the customer's creator (who brought the customer in); owner: the
 * customer's 负责人. Someone not found or disabled leaves the follow-up to the owner.
 */
export const followUpRoles = [
  { value: 'consultant', label: '咨询师', labelEn: 'Consultant' },
  { value: 'doctor', label: '医生', labelEn: 'Doctor' },
  { value: 'nurse', label: '护士', labelEn: 'Nurse' },
  { value: 'developer', label: '开发人', labelEn: 'Developer' },
  { value: 'owner', label: '负责人', labelEn: 'Owner' },
];
export type FollowUpRole = 'consultant' | 'doctor' | 'nurse' | 'developer' | 'owner';

const DAY = 86_400_000;

/**
 * The company-zone day `offset` days after the day of `from` (the day of the treatment or
 * discharge itself is day 0). Calendar days: a 23:30 treatment's "next day" is the following date.
 */
export function followUpDay(from: Date, offset: number, zone?: string): string {
  const day = formatTime(from, zone).slice(0, 10);
  // Noon UTC of that date keeps the arithmetic clear of every zone's midnight.
  const noon = Date.parse(`${day}T12:00:00Z`) + offset * DAY;
  return new Date(noon).toISOString().slice(0, 10);
}
