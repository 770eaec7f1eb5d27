// The bindings `cloudflare:test` hands to tests are the Worker's own.
type WorkerEnv = import('../../worker/env.ts').Env;

declare namespace Cloudflare {
  interface Env extends WorkerEnv {}
}
