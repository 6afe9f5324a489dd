import { request } from '../request';

/** The link's token from the address (`/largeScreen?token=…`); '' when it has none. */
export const openToken = (search: string = window.location.search): string =>
  new URLSearchParams(search).get('token') ?? '';

/**
 * A call of an open page: JSON with the link's token, no toast (the page shows the refusal itself,
 * e.g. with `<OpenRefused>`). Throws ApiError with the server's Chinese message.
 */
export const openCall = <T>(path: string, token: string, body: Record<string, unknown> = {}): Promise<T> =>
  request<T>(path, { ...body, token }, { json: true, silent: true });
