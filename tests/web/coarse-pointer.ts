/** A phone's pointer, set before the client's modules load: a finger, not a mouse. */
Object.assign(globalThis, {
  matchMedia: (query: string) => ({ matches: query === '(pointer: coarse)', media: query }),
});
