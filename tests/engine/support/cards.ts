/** Ids of every card object (anything with a string `id`) inside a JSON value. */
export function cardIds(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) cardIds(item, out);
  else if (typeof value === 'object' && value !== null) {
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'string') out.push(id);
    for (const item of Object.values(value)) if (typeof item === 'object') cardIds(item, out);
  }
  return out;
}
