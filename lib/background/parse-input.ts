import type { z } from 'zod/mini';
import { IN_WORDS } from '../contract/issue-words';
import type { Problem } from '../contract/limits';
import { checkWords } from '../contract/words';
import 'virtual:adscope-english/checks';
import { ApiError, invalidInput } from '../messaging/api-error';

/** Runs a zod schema over input and turns its first issue into an ApiError naming the field. */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown, field?: string): z.infer<S> {
  const result = schema.safeParse(value, IN_WORDS);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.map(String).join('.') || field || 'input';
  throw new ApiError({
    code: 'invalid_input',
    field: path,
    message: issue?.message ?? checkWords('checks.invalid', { field: path }),

    retryable: false,
  });
}

/** Throws a broken rule of the contract as an ApiError on its field; nothing is sent. */
export function refuse(problem: Problem | null): void {
  if (problem) throw invalidInput(problem.field, problem.message);
}
