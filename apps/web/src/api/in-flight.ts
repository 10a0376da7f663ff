/**
 * Counts the API requests under way, so one global overlay can show while any runs.
 * A plain store (not React state) because the HTTP client lives outside React.
 */
type Listener = () => void;

let inFlight = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginRequest(): void {
  inFlight += 1;
  emit();
}

export function endRequest(): void {
  inFlight = Math.max(0, inFlight - 1);
  emit();
}

export function getInFlightCount(): number {
  return inFlight;
}

export function subscribeInFlight(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
