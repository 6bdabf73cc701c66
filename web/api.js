// The page's calls to the JSON API, in two lines: the searches (POST /api/solve and /api/explore)
// and the reads of the input (POST /api/read). In each line a new request supersedes the ones
// before it; a read never supersedes a search. A request that needs a pattern database still being
// built is answered 503 {"status": "building", "building": {...}} with Retry-After: it is asked
// again after that many seconds, saying the build's progress meanwhile, until the answer comes or a
// newer request replaces it. Any other refusal is thrown as a RequestFailed with the server's
// words.
export class RequestFailed extends Error {}

// A request superseded by a newer one: its answer is of no use any more.
export class Superseded extends Error {}

const searches = {
  latest: 0
};
const reads = {
  latest: 0
};

// "building the 15-puzzle's databases (15-7-8): 43%", from the 503's fields (its `error` when they
// lack): the set's title is the puzzle's own words.
export function buildingText(answer) {
  const building = answer.building || {};
  if (!building.title || typeof building.fraction !== 'number')
    return answer.error || 'building the tables';
  return `building ${building.title}: ${Math.floor(building.fraction * 100)}%`;
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
// database build.
async function send(line, path, body, onWait) {
  const mine = ++line.latest;
  for (;;) {
    const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                         body: JSON.stringify(body) });
    let answer;
    try { answer = await response.json(); } catch { answer = { error: `HTTP ${response.status}` }; }
    if (mine !== line.latest) throw new Superseded();
    if (response.ok) return answer;
    if (response.status !== 503 || answer.status !== 'building') throw new RequestFailed(failureText(answer));
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

// Drops whatever search is waiting: its answer, when it comes, is not shown.
export function supersede() { ++searches.latest; }
