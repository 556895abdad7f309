/** Envelope codes of Open API v1 (spec section 7): 0 is success, anything else an error. */
export const ApiCode = {
  ok: 0,
  invalid: 40001,
  planLimit: 40301,
  notFound: 40401,
  upstream: 50001,
} as const;
export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

/** The JSON envelope of every answer (spec 2): `data` on success, `message` read on errors. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data?: T;
}
