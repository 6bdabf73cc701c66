// The page's calls to the JSON API, in three lines: the searches (POST /api/solve, /api/explore and
// /api/scramble), the reads of the input (POST /api/read) and the distances of the start (POST
// /api/distance), and a search's progress (GET /api/progress/ID). In each line a new request
// supersedes the ones before it; a read or a distance never supersedes a search. A request that
// needs a pattern database still being built is answered 503 {"status": "building",
// "building": {...}} with Retry-After: it is asked again after that many seconds, saying the
// build's progress meanwhile, until the answer comes or a newer request replaces it. Any other
// refusal is thrown as a RequestFailed with the server's words.
export class RequestFailed extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;  // the HTTP status: 422 for a search its time limit stopped
  }
}

// A request superseded by a newer one: its answer is of no use any more.
export class Superseded extends Error {}

const searches = {
  latest: 0
};
const reads = {
  latest: 0
};
const distances = {
  latest: 0
};

// Each build's progress as first seen, by its title: {fraction, at (ms)}; the time left is the rate
// since then carried on.
const buildsSeen = new Map();

// "about 40 s left" or "about 3 min left", once a build has made progress since first seen.
function timeLeft(title, fraction, now = Date.now()) {
  const first = buildsSeen.get(title);
  if (!first || fraction < first.fraction) {
    buildsSeen.set(title, {fraction, at: now});
    return '';
  }
  if (fraction <= first.fraction || fraction >= 1) return '';
  const seconds = ((now - first.at) / 1000) * (1 - fraction) / (fraction - first.fraction);
  return seconds < 90 ? `, about ${Math.max(1, Math.round(seconds))} s left` :
                        `, about ${Math.round(seconds / 60)} min left`;
}

// "building the 15-puzzle's databases (15-7-8): 43%, about 20 s left", from the 503's fields (its
// `error` when they lack): the set's title is the puzzle's own words.
export function buildingText(answer) {
  const building = answer.building || {};
  if (!building.title || typeof building.fraction !== 'number')
    return answer.error || 'building the tables';
  return `building ${building.title}: ${Math.floor(building.fraction * 100)}%${
      timeLeft(building.title, building.fraction)}`;
}

// A failure's words, its line said once: "input:2: bad token" or "line 2: bad token" with line 2
// reads "Line 2: bad token".
export function failureText(answer) {
  const error = String(answer.error || 'the server gave no reason');
  if (!answer.line) return error;
  const located = /^(?:[^:\s]+:|line )(\d+): (.*)$/is.exec(error);
  return located && Number(located[1]) === answer.line ? `Line ${answer.line}: ${located[2]}` : error;
}

const pause = (seconds) => new Promise((resume) => setTimeout(resume, seconds * 1000));

// POSTs `body` to `path` as the newest request of `line`; `onWait(text)` hears of each wait for a
// database build. A request superseded while under way is aborted: its connection closes, and the
// server cancels its search.
async function send(line, path, body, onWait) {
  const mine = ++line.latest;
  line.aborter?.abort();
  const aborter = line.aborter = new AbortController();
  for (;;) {
    let response;
    try {
      response = await fetch(path, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify(body),
        signal: aborter.signal
      });
    } catch (failure) {
      if (aborter.signal.aborted) throw new Superseded();
      throw failure;
    }
    let answer;
    try { answer = await response.json(); } catch { answer = { error: `HTTP ${response.status}` }; }
    if (mine !== line.latest) throw new Superseded();
    if (response.ok) return answer;
    if (response.status !== 503 || answer.status !== 'building')
      throw new RequestFailed(failureText(answer), response.status);
    const seconds = Number(response.headers.get('Retry-After'));
    onWait(buildingText(answer));
    await pause(seconds > 0 ? Math.min(seconds, 60) : 2);
    if (mine !== line.latest) throw new Superseded();
  }
}

// A search: POSTs `body` to `path`; `onWait(text)` hears of each wait for a database build.
export const post = (path, body, onWait = () => {}) => send(searches, path, body, onWait);

// The input read without a search (POST /api/read): each dataset's start, shape and whether it is
// known to be unsolvable.
export const read = (body) => send(reads, '/api/read', body, () => {});

// The optimal distance of the input's first dataset (POST /api/distance): its record, `status` and
// `distance`; `onWait(text)` hears of each wait for a database build.
export const distance = async (body, onWait) =>
    (await send(distances, '/api/distance', body, onWait)).results[0] || null;

// A fresh id to watch a search by ("progress" in its request, GET /api/progress/ID).
export const progressId = () =>
    Array
        .from(
            crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0'))
        .join('');

// What the search watched as `id` last reported ({expanded, depth, seconds, ...}), or null when
// the server watches none by that id (not begun yet, or answered) or cannot be reached.
export async function progressOf(id) {
  try {
    const response = await fetch(`/api/progress/${id}`);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

// Drops the request of `line` under way or waiting: aborted (the server cancels its work), its
// answer never returned.
function drop(line) {
  ++line.latest;
  line.aborter?.abort();
}

// Drops whatever search is under way or waiting.
export const supersede = () => drop(searches);

// Drops the read and the distance under way: they are of a start no longer shown.
export function forgetStart() {
  drop(reads);
  drop(distances);
}
