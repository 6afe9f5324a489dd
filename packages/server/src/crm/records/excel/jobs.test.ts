import { ModuleCode } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/sql.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { people } from '../../../test/people.ts';
import { failAbandonedJobs, jobProgress } from './jobs.ts';
import { download, importFinished, sheetRows, uploadImport, workbookOf } from './test-support.ts';

/**
 * Import jobs live in the database, so any server process answers a job's status (no sticky
 * routing, docs/deploy.md), and a job whose process died does not stay running. Two servers on
 * one database stand for two processes; wangzong (客户管理员) may import customers.
 */
let t: TestApp;
let other: Awaited<ReturnType<TestApp['sibling']>>;
const { tokens, ids, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  other = await t.sibling();
  await signIn(['wangzong', 'admin']);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const header = ['*客户名称', '*手机号', '是否老客户', '性别', '*所属门店', '*服务三级', '*身份证号'];
const status = (server: Pick<TestApp, 'app'>, jobId: string, who = 'wangzong') =>
  download(server, '/CrmCustomer/excelImportStatus', { jobId }, tokens[who]).then((r) => r.json());

/** A job as another process records it: its row, with the heartbeat `age` ago. */
async function jobOfAnotherProcess(jobId: string, age: string, rejected = false) {
  await t.database.db.execute(
    sql`insert into crm_import_job (job_id, user_id, label, batch_id, headers, total, done, imported, update_time)
        values (${jobId}, ${ids.wangzong}, ${ModuleCode.customer}, ${jobId}, ${JSON.stringify(header)}::jsonb,
                10, 3, 2, now() - ${age}::interval)`,
  );
  if (rejected)
    await t.database.db.execute(
      sql`insert into crm_import_rejected (job_id, row_number, reason, cells)
          values (${jobId}, 3, '客户名称不能为空', ${JSON.stringify([null, '13800009102', { date: '2026-01-05T00:00:00.000Z' }])}::jsonb)`,
    );
}

describe('an import job across server processes', () => {
  it('is started on one server and followed, to its report, on the other', async () => {
    const bytes = await workbookOf([
      header,
      ['跨进程客户甲', '13800009101', '否', '女', 1, '成都三级', '510104199001019101'],
      ['', '13800009102', '是', '男', 1, '成都三级', '510104199001019102'],
    ]);
    const started = await uploadImport(t, 'CrmCustomer', tokens.wangzong, bytes, '客户.xlsx', 'jobs-cross-1');
    expect(started.code).toBe(0);
    const res = await importFinished(other, 'CrmCustomer', tokens.wangzong, started.data.jobId);
    expect(res).toMatchObject({
      code: 0,
      data: { jobId: started.data.jobId, total: 2, done: 2, imported: 1, finished: true },
    });
    expect(res.data.rejected).toEqual([{ row: 3, reason: '客户名称不能为空' }]);
    expect(res.data.error).toBeUndefined();
    const report = await download(
      other,
      '/CrmCustomer/excelImportReport',
      { jobId: started.data.jobId },
      tokens.wangzong,
    );
    expect((await sheetRows(report.rawPayload)).slice(1).map((r) => [r[1], r[7], r[8]])).toEqual([
      ['13800009102', '客户名称不能为空', 3],
    ]);
    // The same upload sent again to the other server (a double click split by the balancer) is the same job.
    const again = await uploadImport(other, 'CrmCustomer', tokens.wangzong, bytes, '客户.xlsx', 'jobs-cross-1');
    expect(again).toMatchObject({ code: 0, data: { jobId: started.data.jobId } });
    // Still only its owner's.
    expect(await status(other, started.data.jobId, 'admin')).toMatchObject({
      code: 404,
      msg: '导入任务不存在或已过期',
    });
  });

  it('answers the progress of a job another process is running', async () => {
    await jobOfAnotherProcess('runningElsewhere1', '5 seconds');
    expect(await status(t, 'runningElsewhere1')).toMatchObject({
      code: 0,
      data: { total: 10, done: 3, imported: 2, finished: false, rejected: [] },
    });
    expect(
      (await download(t, '/CrmCustomer/excelImportReport', { jobId: 'runningElsewhere1' }, tokens.wangzong)).json(),
    ).toMatchObject({ code: 400, msg: '导入尚未完成' });
  });

  it('reports a job whose process stopped answering as failed, with what it did and its report', async () => {
    await jobOfAnotherProcess('deadProcessJob1', '10 minutes', true);
    const res = await status(other, 'deadProcessJob1');
    expect(res).toMatchObject({
      code: 0,
      data: {
        total: 10,
        done: 3,
        imported: 2,
        finished: true,
        rejected: [{ row: 3, reason: '客户名称不能为空' }],
        error: '导入已中断：处理该任务的服务器已停止，未处理的行没有导入，请重新导入这些行',
      },
    });
    // Told once, it stays failed on every server.
    expect((await status(t, 'deadProcessJob1')).data).toMatchObject({ finished: true, error: res.data.error });
    const report = await download(t, '/CrmCustomer/excelImportReport', { jobId: 'deadProcessJob1' }, tokens.wangzong);
    const rows = await sheetRows(report.rawPayload);
    expect(rows[1]!.slice(0, 3)).toEqual([null, '13800009102', new Date('2026-01-05T00:00:00.000Z')]);
    expect(rows[1]!.slice(7)).toEqual(['客户名称不能为空', 3]);
  });

  it('keeps a job alive while its process beats, however long one row takes', async () => {
    await jobOfAnotherProcess('heartbeatJob1', '10 minutes');
    const progress = jobProgress(t.database.db, 'heartbeatJob1', t.app.log, 50);
    const fresh = async () =>
      (
        await queryRows<{ fresh: boolean }>(
          t.database.db,
          sql`select update_time > now() - interval '1 minute' as fresh from crm_import_job where job_id = 'heartbeatJob1'`,
        )
      )[0]?.fresh;
    // No row is reported: only the heartbeat writes.
    await expect.poll(fresh, { timeout: 5000 }).toBe(true);
    expect((await status(other, 'heartbeatJob1')).data).toMatchObject({ finished: false });
    await progress.finish();
    expect((await status(other, 'heartbeatJob1')).data).toMatchObject({ finished: true });
    expect((await status(other, 'heartbeatJob1')).data.error).toBeUndefined();
  });

  it('fails at a process start the jobs stopped processes left running, not the live ones', async () => {
    await jobOfAnotherProcess('abandonedAtStart1', '3 minutes');
    await jobOfAnotherProcess('aliveAtStart1', '10 seconds');
    expect(await failAbandonedJobs(t.database.db)).toBe(1);
    const rows = await queryRows<{ job_id: string; status: string; error: string; finished: boolean }>(
      t.database.db,
      sql`select job_id, status, error, finish_time is not null as finished from crm_import_job
          where job_id in ('abandonedAtStart1', 'aliveAtStart1') order by job_id`,
    );
    expect(rows).toEqual([
      { job_id: 'abandonedAtStart1', status: 'failed', error: expect.stringContaining('导入已中断'), finished: true },
      { job_id: 'aliveAtStart1', status: 'running', error: '', finished: false },
    ]);
    expect((await status(other, 'aliveAtStart1')).data).toMatchObject({ finished: false, done: 3 });
  });

  it('forgets jobs an hour after their last word', async () => {
    await jobOfAnotherProcess('oldFinishedJob1', '2 hours');
    expect(await status(t, 'oldFinishedJob1')).toMatchObject({ code: 404, msg: '导入任务不存在或已过期' });
  });
});
