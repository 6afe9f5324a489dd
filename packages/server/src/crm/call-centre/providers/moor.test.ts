import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callIdOfActionId, moorActionId, moorProvider, moorTimestamp, parseMoorCallback } from './moor.ts';

/**
 * 七陌's request signing against a local fake of their API (the real one is not reachable from a
 * machine without internet): the fake checks the signature the way their documentation describes.
 */
const cfg = { accountId: 'T00000042', secret: 's3cret', baseUrl: '' };
let server: Server;
let received: { url: string; headers: IncomingMessage['headers']; body: string }[];
let answer: { status: number; body: unknown };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ url: req.url!, headers: req.headers, body });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cfg.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('七陌 signing', () => {
  it('writes the timestamp in Beijing time', () => {
    expect(moorTimestamp(new Date('2026-11-26T17:05:09Z'))).toBe('20261127010509');
  });

  it('dials with sig = MD5(account + secret + timestamp) upper-case and Authorization = base64(account:timestamp)', async () => {
    received = [];
    answer = { status: 200, body: { Succeed: true, CallSheetID: 'cs-9' } };
    const now = new Date('2026-11-26T02:03:04Z');
    const p = moorProvider(cfg, { now: () => now });
    expect(await p.dial({ callId: 'abc', exten: '8001', number: '13912340001' })).toEqual({ providerCallId: 'cs-9' });
    const [req] = received;
    const expectedSig = createHash('md5').update('T00000042s3cret20261126100304').digest('hex').toUpperCase();
    expect(req!.url).toBe(`/v20180418/call/dialout/T00000042?sig=${expectedSig}`);
    expect(req!.headers.authorization).toBe(Buffer.from('T00000042:20261126100304').toString('base64'));
    expect(JSON.parse(req!.body)).toEqual({
      FromExten: '8001',
      Exten: '13912340001',
      ExtenType: 'Local',
      ActionID: moorActionId('s3cret', 'abc'),
    });
  });

  it('answers the Chinese refusal when 七陌 refuses or cannot be reached', async () => {
    received = [];
    answer = { status: 200, body: { Succeed: false, Message: 'exten not login' } };
    const p = moorProvider(cfg);
    await expect(p.dial({ callId: 'x', exten: '8001', number: '1' })).rejects.toThrow('话务服务拨号失败，请稍后再试');
    const away = moorProvider({ ...cfg, baseUrl: 'http://127.0.0.1:9' });
    await expect(away.dial({ callId: 'x', exten: '8001', number: '1' })).rejects.toThrow(
      '话务服务拨号失败，请稍后再试',
    );
  });

  it('admits only callbacks whose ActionID carries our tag, and reads their times as Beijing time', () => {
    const actionId = moorActionId('s3cret', 'call-1');
    expect(callIdOfActionId('s3cret', actionId)).toBe('call-1');
    expect(callIdOfActionId('other', actionId)).toBeNull();
    expect(callIdOfActionId('s3cret', 'call-1.0000')).toBeNull();
    const { result, recordingUrl } = parseMoorCallback('s3cret', {
      ActionID: actionId,
      State: 'dealing',
      Begin: '2026-11-26 10:00:00',
      End: '2026-11-26 10:00:30',
      FileServer: 'https://files.example/',
      RecordFile: '/a/b.mp3',
    });
    expect(result).toMatchObject({
      callId: 'call-1',
      answered: true,
      answerTime: new Date('2026-11-26T02:00:00Z'),
      endTime: new Date('2026-11-26T02:00:30Z'),
    });
    expect(recordingUrl).toBe('https://files.example/a/b.mp3');
    expect(() => parseMoorCallback('s3cret', { ActionID: 'call-1.x' })).toThrow('回调签名无效');
    // Unanswered: no recording is fetched whatever the fields say.
    expect(
      parseMoorCallback('s3cret', { ActionID: actionId, State: 'notDeal', FileServer: 'https://f', RecordFile: 'r' })
        .recordingUrl,
    ).toBeNull();
  });
});
