import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { version } from '../package.json';
import {
  type ApiError,
  type CreatedTable,
  createTableSchema,
  DEFAULT_TURN_CLOCK,
  type HealthResponse,
  type ImportedTable,
  importTableSchema,
} from '../shared/api.ts';
import type { ErrorCode } from '../shared/errors.ts';
import { issueText } from '../shared/issues.ts';
import { importedTable } from '../shared/table/imported.ts';
import {
  botDelays,
  clientKey,
  MAX_CREATE_BODY_BYTES,
  MAX_IMPORT_BODY_BYTES,
  networksOf,
} from '../shared/table/limits.ts';
import { checkNewTable, newTable } from '../shared/table/meta.ts';
import { meanBotDelay } from './bot-turn.ts';
import { errorPage, languageOf } from './error-page.ts';
import { UNAVAILABLE, unavailable } from './handshake.ts';
import { pageHeaders } from './headers.ts';
import {
  fileTags,
  firstSightTag,
  type PageFiles,
  type Preview,
  parsePageFiles,
  sitePreview,
  tablePreview,
  withPreview,
} from './pages.ts';
import { pushKeys } from './push-keys.ts';
import { newSecret, sha256 } from './secrets.ts';

export { PushKeys } from './push-keys.ts';
export { TableObject } from './table-object.ts';

const app = new Hono<{ Bindings: Env }>();

const apiError = (code: ErrorCode, message: string): ApiError => ({ error: { code, message } });

/** Table ids are Durable Object ids: 64 hex digits, 256 bits, unguessable. */
const TABLE_ID = /^[0-9a-f]{64}$/;

function tableStub(
  env: Env,
  id: string,
): DurableObjectStub<import('./table-object.ts').TableObject> | null {
  if (!TABLE_ID.test(id)) return null;
  try {
    return env.TABLES.get(env.TABLES.idFromString(id));
  } catch {
    return null; // not an id of this namespace
  }
}

// The API's answers are never read as anything but what they say they are.
app.use('/api/*', async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
});

/** The build's list of the files a page may need at once (pages.ts), read once per isolate. */
let pageFiles: Promise<PageFiles | null> | undefined;

function readPageFiles(c: Context<{ Bindings: Env }>): Promise<PageFiles | null> {
  pageFiles ??= (async () => {
    const res = await c.env.ASSETS.fetch(new URL('/page-files.json', c.req.url));
    // Absent in a build without it (vite dev): the page then loads its files as it goes.
    if (!res.ok || !res.headers.get('content-type')?.includes('json')) return null;
    const raw: unknown = await res.json();
    return parsePageFiles(raw);
  })().catch(() => null);
  return pageFiles;
}

/**
 * The app's page (index.html, from the static files) with `preview` in its head, and the tags
 * that fetch at once what it will need: at a table, its game's files; for a reader of French or
 * German (as their browser says), that language's strings.
 */
async function page(
  c: Context<{ Bindings: Env }>,
  preview: Preview,
  status: 200 | 404,
  extra: Record<string, string> = {},
  heard: readonly string[] = [],
): Promise<Response> {
  const { game } = preview;
  const [index, files] = await Promise.all([
    c.env.ASSETS.fetch(new URL('/', c.req.url)),
    readPageFiles(c),
  ]);
  const lang = languageOf(c.req.header('accept-language'));
  const html = withPreview(await index.text(), preview, {
    files: files ? fileTags(files, { game, lang }) : '',
    firstSight: heard.length > 0 ? firstSightTag(heard) : '',
    botDelay: meanBotDelay(c.env),
  });
  const headers = { ...(await pageHeaders(html)), 'Cache-Control': 'no-cache', ...extra };
  return c.html(html, status, headers);
}

app.get('/', (c) => page(c, sitePreview(new URL(c.req.url).origin), 200));

/**
 * A solo table (`/solo/<id>`: the page's own table against bots, kept in the browser): the start
 * page, which draws it. The server knows nothing of it, so there is nothing to preview, and no
 * search engine keeps its link.
 */
app.get('/solo/:id{[0-9a-f]{32}}', (c) =>
  page(c, sitePreview(new URL(c.req.url).origin), 200, { 'X-Robots-Tag': 'noindex, nofollow' }),
);

/** A table link with a slash after it (a chat app may add one): the link itself, for good. */
app.get('/t/:id{[^/]+}/', (c) => {
  const url = new URL(c.req.url);
  return c.redirect(`/t/${c.req.param('id')}${url.search}`, 301);
});

/** A table link: the table's preview; an unknown table, the site's, answered 404 for crawlers. */
app.get('/t/:id{[^/]+}', async (c) => {
  const origin = new URL(c.req.url).origin;
  const stub = tableStub(c.env, c.req.param('id'));
  // A browser opening the link (Fetch Metadata says so; a preview crawler sends none of it) gets
  // the table as a spectator sees it, to show before its socket opens. It names the players, so
  // no preview (which apps keep) and no shared cache holds it.
  const opening = c.req.header('sec-fetch-dest') === 'document';
  const [summary, heard] = stub
    ? await Promise.all([stub.summary(), opening ? stub.firstSight() : null])
    : [];
  if (summary === UNAVAILABLE) return pageError(c, 'unavailable');
  // A table's link is the key to its seats: no search engine keeps it.
  const hidden = {
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': 'private, no-cache',
    Vary: 'Sec-Fetch-Dest',
  };
  if (!summary) return page(c, sitePreview(origin), 404, hidden);
  return page(c, tablePreview(summary, origin), 200, hidden, heard ?? []);
});

app.get('/api/health', (c) => c.json<HealthResponse>({ ok: true, version }));

type Middleware = MiddlewareHandler<{ Bindings: Env }>;

/**
 * JSON only: a cross-site form can send `text/plain`, form or multipart bodies without the
 * browser asking first, but not `application/json`, so this keeps other sites' pages out.
 */
const jsonOnly: Middleware = async (c, next) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return c.json(apiError('unsupported-media-type', 'Send the table as application/json.'), 415);
  }
  await next();
};

/** The rate limits whose binding was found absent, each said once in the log. */
const warnedAbsent = new Set<string>();

/** What a body that is not JSON reads as: nothing a JSON body can be. */
const NOT_JSON = Symbol('not JSON');

/**
 * A budget per client (its address, as Cloudflare's edge reports it), through the Workers Rate
 * Limiting bindings `name`, `name`_56 and `name`_48: an IPv4 address or IPv6 /64 has its budget,
 * and an IPv6 address's /56 and /48 theirs (wrangler.toml), so one home or mobile customer with
 * many /64s cannot spend without bound, while a campus behind one IPv4 address keeps the budget
 * it had. Narrowest first: a client over its own budget spends nothing of its network's. Where
 * the runtime has no such binding that limit is off, and the log says so once. `refused` is what
 * a client past its budget is told.
 */
function rateLimit(name: 'TABLE_CREATION' | 'TABLE_IMPORT', refused: string): Middleware {
  return async (c, next) => {
    const networks = networksOf(clientKey(c.req.header('cf-connecting-ip')));
    const limiters = [c.env[name], c.env[`${name}_56`], c.env[`${name}_48`]];
    for (const [i, key] of [...networks].reverse().entries()) {
      const limiter = limiters[i];
      if (!limiter) {
        if (!warnedAbsent.has(name))
          console.warn(`a ${name} rate limit binding is absent: not limiting`);
        warnedAbsent.add(name);
        continue;
      }
      const { success } = await limiter.limit({ key });
      if (!success) {
        c.header('retry-after', '60');
        return c.json(apiError('rate-limited', refused), 429);
      }
    }
    await next();
  };
}

/** New tables, each a Durable Object with its record. */
const createRateLimit = rateLimit('TABLE_CREATION', 'Too many new tables: try again in a minute.');

/**
 * Imports, a budget of their own: each replays up to 5,000 moves and stores a whole game, so a
 * client gets fewer of them than of new tables, and spending one budget leaves the other whole.
 */
const importRateLimit = rateLimit(
  'TABLE_IMPORT',
  'Too many games taken to a table: try again in a minute.',
);

/**
 * A body limit of `maxSize` bytes (413 past it), and a body that cannot be read at all (a broken
 * chunked encoding, a dropped upload) answered as the client's error, 400, not as the server's.
 */
function limitBodyTo(maxSize: number): Middleware {
  const limitBody = bodyLimit({
    maxSize,
    onError: (c) => c.json(apiError('too-large', `The body is at most ${maxSize} bytes.`), 413),
  });
  return async (c, next) => {
    let read = false;
    try {
      return await limitBody(c, async () => {
        read = true;
        await next();
      });
    } catch (err) {
      if (read) throw err;
      return c.json(apiError('bad-request', 'The body could not be read.'), 400);
    }
  };
}

/** The request's JSON body in `schema`'s shape, or the 400 that says why not. */
async function bodyOf<T>(
  c: Context<{ Bindings: Env }>,
  schema: v.GenericSchema<unknown, T>,
): Promise<{ ok: true; body: T } | { ok: false; res: Response }> {
  const raw: unknown = await c.req.json().catch(() => NOT_JSON);
  if (raw === NOT_JSON) {
    return { ok: false, res: c.json(apiError('bad-request', 'The body must be JSON.'), 400) };
  }
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) {
    return { ok: false, res: c.json(apiError('bad-request', issueText(parsed.issues)), 400) };
  }
  return { ok: true, body: parsed.output };
}

app.post(
  '/api/tables',
  jsonOnly,
  createRateLimit,
  limitBodyTo(MAX_CREATE_BODY_BYTES),
  async (c) => {
    const parsed = await bodyOf(c, createTableSchema);
    if (!parsed.ok) return parsed.res;
    const { game, players, config, bots = [], botLevel = 'normal', pace = 'live' } = parsed.body;
    const clock = parsed.body.clock ?? (pace === 'turn' ? DEFAULT_TURN_CLOCK : null);
    const checked = checkNewTable(game, players, config, bots);
    if (!checked.ok) return c.json<ApiError>({ error: checked.error }, 400);

    const id = c.env.TABLES.newUniqueId();
    const hostKey = newSecret();
    const meta = newTable({
      id: id.toString(),
      game,
      players,
      config: checked.config,
      bots,
      botLevel,
      pace,
      clock,
      hostKeyHash: await sha256(hostKey),
      now: Date.now(),
    });
    // The object logs why it could not, with the table's id.
    if (!(await c.env.TABLES.get(id).create(meta))) {
      return c.json(apiError('internal', 'Internal error'), 500);
    }
    return c.json<CreatedTable>({ id: meta.id, url: `/t/${meta.id}`, hostKey }, 201);
  },
);

/**
 * A game played in the browser, taken to a live table at a round's end (or over), or a game begun
 * at a moment of another and not yet played on ("Play from here"), or a moment of a finished game
 * to be dealt from what a seat knew there (`from`: shared/table/from-moment.ts): the moves are replayed and
 * checked by the engine (imported.ts), the uploader becomes the host and keeps their seat, with a
 * fresh token, and every deal from here on comes from the server's own secret seed.
 */
app.post(
  '/api/tables/import',
  jsonOnly,
  importRateLimit,
  limitBodyTo(MAX_IMPORT_BODY_BYTES),
  async (c) => {
    const parsed = await bodyOf(c, importTableSchema);
    if (!parsed.ok) return parsed.res;
    const id = c.env.TABLES.newUniqueId();
    const hostKey = newSecret();
    const token = newSecret();
    const out = importedTable({
      body: parsed.body,
      id: id.toString(),
      tokenHash: await sha256(token),
      hostKeyHash: await sha256(hostKey),
      serverSeed: newSecret(),
      now: Date.now(),
      botDelay: botDelays(meanBotDelay(c.env), Math.random()).botDelay,
    });
    if (!out.ok) return c.json<ApiError>({ error: out.error }, 400);
    // The object logs why it could not, with the table's id.
    if (!(await c.env.TABLES.get(id).adopt(out.table, out.log, out.start))) {
      return c.json(apiError('internal', 'Internal error'), 500);
    }
    const { seat } = parsed.body.you;
    const url = `/t/${out.table.meta.id}`;
    return c.json<ImportedTable>({ id: out.table.meta.id, url, hostKey, seat, token }, 201);
  },
);

/** The key a browser subscribes to the table's notices with (CONTRACT, Extensions (turn 4)). */
app.get('/api/push', async (c) => {
  // The server's own key pair, made on first use, or the secrets' where set (push-keys.ts). The
  // site's origin becomes the VAPID subject unless VAPID_SUBJECT says otherwise.
  const publicKey = await pushKeys(c.env).publicKey(new URL(c.req.url).origin);
  if (!publicKey) return c.json(apiError('not-found', 'This server sends no notifications.'), 404);
  return c.json({ publicKey });
});

app.get('/api/tables/:id', async (c) => {
  const stub = tableStub(c.env, c.req.param('id'));
  const summary = stub ? await stub.summary() : null;
  if (summary === UNAVAILABLE) return unavailable();
  if (!summary) return c.json(apiError('not-found', 'No such table.'), 404);
  return c.json(summary);
});

app.get('/api/tables/:id/ws', async (c) => {
  const stub = tableStub(c.env, c.req.param('id'));
  if (!stub) return c.json(apiError('not-found', 'No such table.'), 404);
  return stub.fetch(c.req.raw);
});

// /api/*, /, /t/* and /solo/* reach the Worker first (`run_worker_first` in wrangler.toml); any
// other path only when no static file has its name. The API's unknown routes get a typed JSON error, not
// Hono's text 404. A file under /assets/ that is gone (a page from before a deploy asking for its
// build's chunk) gets a plain 404 that no cache keeps, unlike the files' year, so the page's
// reload finds the new build. Any other path is a page nobody has: the site's, answered 404.
app.notFound((c) => {
  const { path } = c.req;
  if (path.startsWith('/api/')) {
    return c.json(apiError('not-found', `No route for ${c.req.method} ${path}`), 404);
  }
  if (path.startsWith('/assets/')) {
    return c.text('Not found', 404, {
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  }
  return page(c, sitePreview(new URL(c.req.url).origin), 404);
});

app.onError((err, c) => {
  // Details go to the logs (`wrangler tail`); clients never see a stack trace. A page asked for
  // gets a page saying so, the API its error shape.
  console.error('unhandled error', c.req.method, c.req.path, err);
  if (!c.req.path.startsWith('/api/')) return pageError(c, 'internal');
  return c.json(apiError('internal', 'Internal error'), 500);
});

/** The server's own error page for a page request (error-page.ts). */
function pageError(c: Context<{ Bindings: Env }>, error: 'unavailable' | 'internal') {
  return errorPage(error, { url: c.req.url, acceptLanguage: c.req.header('accept-language') });
}

export default app;
