/**
 * Why a value did not fit its schema, in words for people: the first issue valibot found, and
 * where (its path, dotted, under `under` when given). A socket's message, an HTTP body and a
 * stored record are all refused in these words.
 */
import type * as v from 'valibot';

export function issueText(
  issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]],
  under?: string,
): string {
  const [issue] = issues;
  const path = issue.path?.map((p) => String(p.key)) ?? [];
  const where = (under === undefined ? path : [under, ...path]).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
