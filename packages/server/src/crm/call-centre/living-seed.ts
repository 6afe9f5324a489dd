import { CALL_FOLLOW_CATEGORY, customerKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { files } from '../../db/schema.ts';
import type { FileStorage } from '../../files/storage.ts';
import { FOLLOW_UP_FILES } from '../records/follow-ups.ts';
import { followUps } from '../records/tables.ts';
import { followUpContent } from './calls.ts';
import { callExtens, callLogs } from './tables.ts';
import { generatedWav } from './wav.ts';

/**
 * The call centre of the living demo (issue 25, h-call): the company's extensions (four held by
 * the salespeople and the front desk), and a few past calls to demo customers, each with its
 * follow-up and, when answered, its recording. The recordings' bytes are generated at start
 * (`writeDemoCallRecordings`, main.ts) because the seed runs before the server has its file storage.
 */
const KEY_PREFIX = 'demo-call-recording-';

const holders: [string, string | null][] = [
  ['8001', 'sunli'],
  ['8002', 'zhoujie'],
  ['8003', 'zhenghao'],
  ['8004', 'zhangyu'],
  ['8005', null],
  ['8006', null],
];

/** Past calls: who, to which customer, how many days ago at what time, seconds talked (0: unanswered). */
const calls: { who: string; customer: string; day: number; hm: string; seconds: number }[] = [
  { who: 'sunli', customer: '林婉清', day: -3, hm: '10:12', seconds: 95 },
  { who: 'sunli', customer: '王思琪', day: -2, hm: '15:40', seconds: 42 },
  { who: 'sunli', customer: '陈雨桐', day: -1, hm: '09:30', seconds: 0 },
  { who: 'zhenghao', customer: '孙晓雅', day: -1, hm: '14:05', seconds: 130 },
];

/** Recordings are cut at 30 s (generatedWav), which keeps the demo's files small. */
const wavSeconds = (talked: number) => Math.min(30, talked);

export async function seedCallCentreDemo(kit: DemoKit): Promise<void> {
  const exten = new Map<string, string>();
  for (const [number, who] of holders) {
    await kit.db.insert(callExtens).values({ exten: number, userId: who ? kit.user(who) : null });
    if (who) exten.set(who, number);
  }
  for (const [i, c] of calls.entries()) {
    const [customer] = await queryRows<{ id: number; mobile: string }>(
      kit.db,
      sql`select customer_id as id, mobile from crm_customer where customer_name = ${c.customer} limit 1`,
    );
    if (!customer) continue;
    const callId = `demo${String(i + 1).padStart(28, '0')}`;
    const start = kit.at(c.day, c.hm);
    const answerTime = c.seconds ? new Date(start.getTime() + 8000) : null;
    const end = new Date((answerTime ?? start).getTime() + (c.seconds ? c.seconds * 1000 : 30_000));
    const userId = kit.user(c.who);
    const [follow] = await kit.db
      .insert(followUps)
      .values({
        label: customerKind.label,
        recordId: customer.id,
        category: CALL_FOLLOW_CATEGORY,
        content: followUpContent('mobile', c.seconds > 0, c.seconds),
        batchId: `call${callId}`,
        createUserId: userId,
        createdAt: end,
      })
      .returning({ id: followUps.id });
    let fileId: number | null = null;
    if (c.seconds) {
      const [file] = await kit.db
        .insert(files)
        .values({
          batchId: `call${callId}`,
          name: `录音-${callId.slice(0, 8)}.wav`,
          size: generatedWav(wavSeconds(c.seconds)).length,
          mime: 'audio/wav',
          type: 'file',
          storageKey: `${KEY_PREFIX}${i + 1}-${c.seconds}`,
          createUserId: userId,
          ownerKind: FOLLOW_UP_FILES,
          ownerId: follow!.id,
          createdAt: end,
        })
        .returning({ id: files.id });
      fileId = file!.id;
    }
    await kit.db.insert(callLogs).values({
      callId,
      provider: 'simulated',
      userId,
      exten: exten.get(c.who)!,
      label: customerKind.label,
      recordId: customer.id,
      field: 'mobile',
      number: customer.mobile,
      status: 'ended',
      answered: c.seconds > 0,
      startTime: start,
      answerTime,
      endTime: end,
      duration: c.seconds,
      recordingFileId: fileId,
      followId: follow!.id,
      createdAt: start,
    });
  }
}

/** At start (main.ts): generate and store each demo recording not stored yet (a copied data folder keeps its files). */
export async function writeDemoCallRecordings(db: Db, storage: FileStorage): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select storage_key as key from sys_file where storage_key like ${`${KEY_PREFIX}%`}`,
  );
  let written = 0;
  for (const { key } of rows) {
    const stored = await storage.get(key).then(
      (stream) => {
        stream.destroy();
        return true;
      },
      () => false,
    );
    if (stored) continue;
    const seconds = Number(key.split('-').pop());
    await storage.put(key, generatedWav(wavSeconds(seconds)));
    written++;
  }
  return written;
}
