// The server's requests (docs/serve.md). Their types, and those of the answers, are generated
// from the server's Rust types (web/src/generated/, written by
// `TSUME_WRITE_TYPES=1 cargo test --release --bin tsume contract`): none is declared here.

import type { CheckEvent } from "./generated/CheckEvent";
import type { ErrorBody as ErrorAnswer } from "./generated/ErrorBody";
import type { ErrorFields } from "./generated/ErrorFields";
import type { Info } from "./generated/Info";
import type { KifAnswer } from "./generated/KifAnswer";
import type { KifRequest } from "./generated/KifRequest";
import type { LineAnswer } from "./generated/LineAnswer";
import type { LineRequest } from "./generated/LineRequest";
import type { PositionAnswer } from "./generated/PositionAnswer";
import type { PositionRequest } from "./generated/PositionRequest";
import type { SolveEvent } from "./generated/SolveEvent";
import type { StopAnswer } from "./generated/StopAnswer";

export type { CheckAnswer } from "./generated/CheckAnswer";
export type { CheckRequest } from "./generated/CheckRequest";
export type { Finding } from "./generated/Finding";
export type { MoveView as Move } from "./generated/MoveView";
export type { Refutation } from "./generated/Refutation";
export type { RefutationCheck } from "./generated/RefutationCheck";
export type { RulesName } from "./generated/RulesName";
export type { SolveAnswer } from "./generated/SolveAnswer";
export type { SolveRequest } from "./generated/SolveRequest";
export type { TextFault } from "./generated/TextFault";
export type { CheckEvent, ErrorFields, Info, LineAnswer, PositionAnswer, SolveEvent };

/** A line of a progress stream (`/api/solve`, `/api/check`). */
export type StreamEvent = SolveEvent | CheckEvent;

/** An error object as the page holds it: a failure of the network or of the page has only its message. */
export type ErrorBody = Pick<ErrorFields, "message"> & Partial<ErrorFields>;

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
    const json = (await res.json()) as Partial<ErrorAnswer> | null;
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
  const body: PositionRequest = { problem, literal_hands: literalHands };
  return post("/api/position", body, signal);
}

export function line(sfen: string, moves: string[], futilePlies: number[], legal: boolean, signal?: AbortSignal): Promise<LineAnswer> {
  const body: LineRequest = { sfen, moves, futile_plies: futilePlies, legal };
  return post("/api/line", body, signal);
}

export function kif(sfen: string, moves: string[], header: [string, string][]): Promise<KifAnswer> {
  const body: KifRequest = { sfen, moves, header };
  return post("/api/kif", body);
}

export function stop(): Promise<StopAnswer> {
  return post("/api/stop", {});
}

/** A progress stream (`/api/solve` with `SolveEvent`, `/api/check` with `CheckEvent`): each event as its line arrives. */
export async function* stream<E extends StreamEvent>(path: string, body: unknown, signal: AbortSignal): AsyncGenerator<E> {
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
      if (text) yield JSON.parse(text) as E;
    }
    if (done) break;
  }
  const rest = (buffered + decoder.decode()).trim();
  if (rest) yield JSON.parse(rest) as E;
}
