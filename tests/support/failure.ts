import { expect } from 'vitest';
import { ApiError } from '../../lib/messaging/api-error';

/** The ApiError a request ends with; fails the test if it succeeds or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}
