type RequestTurn = () => Promise<void> | undefined

// When a call may start: at once unless the app passes the platform's turn (src/appHttp.ts; on H5 a task of its own,
// src/platform/requestTurn.h5.ts). Injected so that this layer imports nothing of the platform above it. A module of
// its own, apart from the client: a login page wires it on open, and axios with the client load only at its first call.
let requestTurn: RequestTurn = () => undefined

export function setRequestTurn(turn: RequestTurn): void {
  requestTurn = turn
}

/** Starts the call now, or when the platform's turn comes. */
export function inTurn<R>(send: () => Promise<R>): Promise<R> {
  const turn = requestTurn()
  return turn ? turn.then(send) : send()
}
