// The server's requests (docs/serve.md), typed as the page uses them.

import type { ApiPosition, HandBase, Side } from "./shogi";

export interface Move {
  usi: string;
  ja: string;
  from: string | null;
  to: string;
  drop: HandBase | null;
  promote: boolean;
  check: boolean;
}

export interface Info {
  version: string;
  defaults: {
    rules: string;
    futile: string;
    solve?: { time: number | null; hash_mb: number };
    check?: { time: number | null; total_time: number | null; hash_mb: number };
  };
}

export interface PositionAnswer {
  position: ApiPosition;
  written: ApiPosition;
  format: string;
  line: Move[];
  line_fault: TextFault | null;
  warnings: TextFault[];
  header: [string, string][];
  game_moves: number | null;
}

/** A fault of a problem's text that leaves it readable: a move of its line, of a side line. */
export interface TextFault {
  message: string;
  line: number | null;
  column: number | null;
  fault: string;
}

export interface LineAnswer {
  start: ApiPosition;
  steps: { move: Move; position: ApiPosition }[];
  legal?: Move[];
}

export interface RefutationCheck {
  check: string;
  check_ja: string;
  reply: string;
  reply_ja: string;
  holds: "no_check" | "repetition" | "no_mate";
  then: Refutation | null;
}

export interface Refutation {
  checks: RefutationCheck[];
  left_out: number;
}

export interface SolveAnswer {
  sfen: string;
  warning: string | null;
  result: "mate" | "nomate" | "unknown";
  interrupted: boolean;
  rules: string;
  futile: string | null;
  length: number | null;
  minimax_length: number | null;
  mate_at_most: number | null;
  proven_shortest: boolean;
  mates_found: { plies: number; nodes: number; time_ms: number }[];
  line: string[];
  line_ja: string[];
  futile_plies: number[];
  futile_end: [string, string] | null;
  pieces_left: string;
  refutation: Refutation | null;
  nodes: number;
  time_ms: number;
  hash_permille: number;
  hash_mb: number;
}

export interface Finding {
  kind: string;
  name: string;
  class: "flaw" | "note" | "undecided";
  ply: number | null;
  counted_ply: number | null;
  line: string[];
  line_ja: string[];
  futile_plies: number[];
  length: number | null;
  main_left: number | null;
  message: string;
  message_ja: string;
}

export interface CheckAnswer {
  sfen: string;
  verdict: "sound" | "flawed" | "undecided";
  line_source: "given" | "solver";
  length: number | null;
  line: string[];
  line_ja: string[];
  futile_plies: number[];
  futile_end: [string, string] | null;
  pieces_left: string;
  findings: Finding[];
  searches: number;
  nodes: number;
  time_ms: number;
  interrupted: boolean;
  title?: string;
  author?: string;
  warnings?: string[];
}

export type StreamEvent =
  | { event: "started"; sfen: string }
  | { event: "progress"; nodes: number; time_ms: number; hash_permille?: number; searches?: number; ply?: number; plies?: number }
  | { event: "mate_found"; plies: number; nodes: number; time_ms: number }
  | { event: "result"; answer?: SolveAnswer; check?: CheckAnswer; kif: string }
  | { event: "error"; error: ErrorBody };

export interface ErrorBody {
  message: string;
  line?: number | null;
  column?: number | null;
  fault?: string | null;
}

/** A request that failed: the API's error, or the network's. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
  get busy(): boolean {
    return this.status === 409;
  }
}

async function failure(res: Response): Promise<ApiError> {
  let body: ErrorBody = { message: `HTTP ${res.status} ${res.statusText}` };
  try {
    const json = await res.json();
    if (json && json.error && typeof json.error.message === "string") body = json.error;
  } catch {
    // not JSON: the status line says what there is to say
  }
  return new ApiError(res.status, body);
}

async function send(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, { message: `the server cannot be reached (${String(e)})` });
  }
  if (!res.ok) throw await failure(res);
  return res;
}

export async function post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const res = await send(path, body, signal);
  return (await res.json()) as T;
}

export async function info(): Promise<Info> {
  const res = await fetch("/api/info");
  if (!res.ok) throw await failure(res);
  return (await res.json()) as Info;
}

export function position(problem: string, literalHands: boolean, signal?: AbortSignal): Promise<PositionAnswer> {
  return post("/api/position", { problem, literal_hands: literalHands }, signal);
}

export function line(sfen: string, moves: string[], futilePlies: number[], legal: boolean, signal?: AbortSignal): Promise<LineAnswer> {
  return post("/api/line", { sfen, moves, futile_plies: futilePlies, legal }, signal);
}

export function kif(sfen: string, moves: string[], header: [string, string][]): Promise<{ kif: string }> {
  return post("/api/kif", { sfen, moves, header });
}

export function stop(): Promise<{ stopped: boolean }> {
  return post("/api/stop", {});
}

/** A progress stream (`/api/solve`, `/api/check`): each event as its line arrives. */
export async function* stream(path: string, body: unknown, signal: AbortSignal): AsyncGenerator<StreamEvent> {
  const res = await send(path, body, signal);
  if (!res.body) throw new ApiError(0, { message: "the answer has no body" });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffered += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffered.indexOf("\n")) >= 0) {
      const text = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (text) yield JSON.parse(text) as StreamEvent;
    }
    if (done) break;
  }
  const rest = (buffered + decoder.decode()).trim();
  if (rest) yield JSON.parse(rest) as StreamEvent;
}

export type { Side };
