import { type Answer, type ContractPath, responseContracts } from '@crm/shared';

/**
 * Typed fake answers for web tests (issue 27): a fixture for a path with a response contract is
 * that contract's `Answer<P>`, so a fixture that disagrees with what the server sends fails the
 * type check instead of passing silently.
 */

/**
 * Paths web tests answer that have no response contract, each for a reason. A path missing here
 * and from the contracts is refused by the type of a fixture literal and by `fakeFetch` at run time.
 */
export const uncontractedPaths = [
  // open-links.test: the shared admin component against a made-up base.
  '/test/link/list',
  '/test/link/create',
  // ReviewBlock.test: the save of a made-up kind that has review.
  '/CrmSample/addOrUpdate',
  // A download: the answer is the file itself, not `{code, msg, data}`.
  '/clinic/make/excelExport',
] as const;
export type UncontractedPath = (typeof uncontractedPaths)[number];

/** Whether a fake may answer `path`: it has a contract, or is listed above. */
export const answerable = (path: string): boolean =>
  path in responseContracts || (uncontractedPaths as readonly string[]).includes(path);

const raw = Symbol('raw reply');
/** A reply that is not an answer: a refusal, or a file or odd response built by hand. */
export type RawReply = { readonly [raw]: Response };

/** The body a fake's handler is given: the call's JSON, or its form fields as text. */
export type SentBody = Record<string, unknown>;

/** One path's fixture: its answer, a raw reply, or a handler of the sent body giving either. */
export type Fixture<T> =
  | T
  | RawReply
  // A handler may answer nothing (sent as null) only where null is an answer.
  | ((body: SentBody) => T | RawReply | (null extends T ? undefined : never));

// A contract typed only as a schema (the settings kinds' calls) answers `unknown`; as "any value"
// the fixture stays a union, so a handler's body is still typed from it.
type Known<T> = unknown extends T ? NonNullable<unknown> | null : T;

/** A fake server's answers by path. */
export type Answers = { [P in ContractPath]?: Fixture<Known<Answer<P>>> } & {
  [P in UncontractedPath]?: Fixture<NonNullable<unknown> | null>;
};

/** A refusal as the server words it: `{code, msg, data: null}`. */
export const refuse = (code: number, msg: string): RawReply => ({
  [raw]: new Response(JSON.stringify({ code, msg, data: null })),
});

/** A response sent as it is (a file download, a broken body). */
export const rawResponse = (response: Response): RawReply => ({ [raw]: response });

export const isRawReply = (value: unknown): value is RawReply =>
  typeof value === 'object' && value !== null && raw in value;
export const responseOf = (reply: RawReply): Response => reply[raw];

/** A success answer for `path`, typed by its contract: for a test's own fetch stub. */
export const answered = <P extends ContractPath>(_path: P, data: Answer<P>): Response =>
  new Response(JSON.stringify({ code: 0, msg: 'success', data }));
