/** The browser globals the client's modules read when they load; set before they are imported. */
const memory = new Map<string, string>();

Object.assign(globalThis, {
  document: { documentElement: { lang: '' } },
  location: { pathname: '/', protocol: 'http:', host: 'localhost' },
  history: { pushState() {} },
  window: { addEventListener() {}, scrollTo() {} },
  localStorage: {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
  },
});
