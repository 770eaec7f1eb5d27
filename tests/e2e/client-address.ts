/**
 * An address in 10.0.0.0/8, drawn afresh, for a `cf-connecting-ip` header: a request as if from a
 * client of its own. The browser tests and the coach's bench make and import more tables a minute
 * than one client may; the budgets themselves are tested in tests/worker. A module of its own, so
 * that neither the tests' suite (Vitest) nor the server (wrangler) comes with it.
 */
export const ownClientAddress = (): string =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;
