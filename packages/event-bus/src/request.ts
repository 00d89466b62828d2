import {
  SHOP_REQUEST_CHECKS,
  type ShopRequestDetail,
  type ShopRequestName,
  type ShopRequestPayload,
  type ShopResponse,
} from '@shop/contracts';
import { checked } from './checked';

/**
 * Request/response between slices over `window` events (the add-to-cart handshake was
 * written inside the catalog remote). Three events per request, matched by a request id:
 * `request:<name>` (asker, repeated while nobody accepted it yet: the owning remote may still be
 * loading), `request:<name>:accepted` (the handler, at once) and `request:<name>:result`. A
 * request is handled at most once, even when it was sent several times.
 */

/** Nobody handled the request within `acceptTimeoutMs`: the owning remote is not loaded (down, blocked). */
export class RequestNotAcceptedError extends Error {
  constructor(readonly requestName: ShopRequestName) {
    super(`event-bus: nobody accepted '${requestName}'`);
    this.name = 'RequestNotAcceptedError';
  }
}

/** The handler accepted the request but did not answer within `resultTimeoutMs`, or failed. */
export class RequestFailedError extends Error {
  constructor(
    readonly requestName: ShopRequestName,
    reason: string,
  ) {
    super(`event-bus: '${requestName}' ${reason}`);
    this.name = 'RequestFailedError';
  }
}

/**
 * Accept time (ms) for a request whose handler the shell may first have to load: a personal
 * header widget mounted on first need (HeaderWidget.answers of @shop/routes) gets its code over the
 * network at the first ask, which takes seconds on a slow phone.
 */
export const ON_DEMAND_ACCEPT_MS = 10_000;

export interface RequestOptions {
  /** How long the owning slice has to accept (ms), asking again every `retryMs`. Default 2000. */
  acceptTimeoutMs?: number;
  /** How long an accepted request may take to answer (ms). Default 30 000. */
  resultTimeoutMs?: number;
  /** Pause between asks while nobody accepted (ms). Default 200. */
  retryMs?: number;
}

interface RequestEnvelope {
  id: string;
  payload: unknown;
}
interface ResultEnvelope {
  id: string;
  response?: unknown;
  error?: string;
}

/**
 * The window event an asker dispatches for request `name` (repeated while nobody accepted it): the
 * shell mounts the widget that answers it when it sees one (HeaderWidget.answers of @shop/routes).
 */
export const requestEventName = (name: ShopRequestName) => `request:${name}`;
const acceptedEvent = (name: ShopRequestName) => `request:${name}:accepted`;
const unavailableEvent = (name: ShopRequestName) => `request:${name}:unavailable`;
const resultEvent = (name: ShopRequestName) => `request:${name}:result`;

/**
 * Asks the slice that handles `name` and waits for its answer.
 * @throws CheckError for a payload that does not match the contract (at the sender, where the bug is);
 *   RequestNotAcceptedError when no handler accepted in time, or at once when the shell said none
 *   will (refuseRequests); RequestFailedError when the handler failed, answered something else
 *   than the contract's response, or took too long.
 */
export async function request<N extends ShopRequestName>(
  name: N,
  payload: ShopRequestPayload<N>,
  { acceptTimeoutMs = 2000, resultTimeoutMs = 30_000, retryMs = 200 }: RequestOptions = {},
): Promise<ShopResponse<N>> {
  const contract = SHOP_REQUEST_CHECKS[name];
  const detail: RequestEnvelope = { id: crypto.randomUUID(), payload: contract.request(payload) };
  let accepted = false;
  let unavailable = false;
  let settle: (result: { response?: unknown; error?: string }) => void = () => undefined;
  const settled = new Promise<{ response?: unknown; error?: string }>((resolve) => (settle = resolve));
  const onAccepted = (event: Event) => {
    if ((event as CustomEvent<{ id: string }>).detail?.id === detail.id) accepted = true;
  };
  const onResult = (event: Event) => {
    const result = (event as CustomEvent<ResultEnvelope>).detail;
    if (result?.id === detail.id) settle(result);
  };
  const onUnavailable = (event: Event) => {
    if ((event as CustomEvent<{ id: string }>).detail?.id === detail.id) unavailable = true;
  };
  window.addEventListener(acceptedEvent(name), onAccepted);
  window.addEventListener(resultEvent(name), onResult);
  window.addEventListener(unavailableEvent(name), onUnavailable);
  let resultTimer: ReturnType<typeof setTimeout> | undefined;
  try {
    // Events are dispatched synchronously: right after dispatch it is known whether a handler took it.
    const deadline = Date.now() + acceptTimeoutMs;
    window.dispatchEvent(new CustomEvent(requestEventName(name), { detail }));
    while (!accepted && !unavailable && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      if (!accepted && !unavailable) window.dispatchEvent(new CustomEvent(requestEventName(name), { detail }));
    }
    if (!accepted) throw new RequestNotAcceptedError(name);
    resultTimer = setTimeout(() => settle({ error: `took longer than ${resultTimeoutMs} ms` }), resultTimeoutMs);
    const result = await settled;
    if (result.error !== undefined) throw new RequestFailedError(name, result.error);
    const response = checked(contract.response, result.response);
    if (!response.ok) throw new RequestFailedError(name, 'answered outside its contract');
    return response.value as ShopResponse<N>;
  } finally {
    clearTimeout(resultTimer);
    window.removeEventListener(acceptedEvent(name), onAccepted);
    window.removeEventListener(resultEvent(name), onResult);
    window.removeEventListener(unavailableEvent(name), onUnavailable);
  }
}

/**
 * Tells every asker of `name` at once that nobody will handle it (their RequestNotAcceptedError
 * without waiting out the accept time): for the shell when the remote whose widget answers it
 * could not be loaded. A handler on the page still takes the request first. Returns the function
 * that stops.
 */
export function refuseRequests(name: ShopRequestName): () => void {
  const listener = (event: Event) => {
    const id = (event as CustomEvent<Partial<RequestEnvelope>>).detail?.id;
    if (typeof id === 'string') window.dispatchEvent(new CustomEvent(unavailableEvent(name), { detail: { id } }));
  };
  window.addEventListener(requestEventName(name), listener);
  return () => window.removeEventListener(requestEventName(name), listener);
}

/**
 * Handles the requests `name` (the owning slice; one handler per name and page). The handler
 * gets the validated payload; a malformed request is dropped with a warning (and times out at
 * the asker). Returns the function that stops handling.
 */
export function handle<N extends ShopRequestName>(
  name: N,
  handler: (payload: ShopRequestDetail<N>) => Promise<ShopResponse<N>>,
): () => void {
  const contract = SHOP_REQUEST_CHECKS[name];
  const seen = new Set<string>();
  const listener = (event: Event) => {
    const envelope = (event as CustomEvent<RequestEnvelope>).detail;
    const parsed = checked(contract.request, envelope?.payload);
    if (typeof envelope?.id !== 'string' || !parsed.ok) {
      console.warn(`event-bus: dropped malformed '${name}' request`, parsed.ok ? 'no request id' : parsed.error.message);
      return;
    }
    if (seen.has(envelope.id)) return; // asked again before our 'accepted' arrived: handled once
    seen.add(envelope.id);
    window.dispatchEvent(new CustomEvent(acceptedEvent(name), { detail: { id: envelope.id } }));
    const answer = (result: Omit<ResultEnvelope, 'id'>) =>
      window.dispatchEvent(new CustomEvent(resultEvent(name), { detail: { id: envelope.id, ...result } }));
    Promise.resolve()
      .then(() => handler(parsed.value as ShopRequestDetail<N>))
      .then((response) => contract.response(response))
      .then(
        (response) => answer({ response }),
        (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
      );
  };
  window.addEventListener(requestEventName(name), listener);
  return () => window.removeEventListener(requestEventName(name), listener);
}
