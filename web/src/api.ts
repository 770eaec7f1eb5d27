import type { ApiError, CreatedTable } from '../../shared/api.ts';
import type { Result } from '../../shared/engine/types.ts';

export async function createTable(
  body: Record<string, unknown>,
): Promise<Result<{ table: CreatedTable }>> {
  try {
    const res = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 201) return { ok: true, table: (await res.json()) as CreatedTable };
    return { ok: false, error: ((await res.json()) as ApiError).error };
  } catch {
    return { ok: false, error: { code: 'offline', message: 'The server cannot be reached.' } };
  }
}
