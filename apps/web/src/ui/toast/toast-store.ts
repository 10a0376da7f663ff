import { noticeDurationMs, type NoticeTopic } from '@voirie/domain';
import type { ToastSeverity } from '../../api';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  /** How long it stays (the domain's noticeDurationMs: 5 s for a document's error, else 3 s). */
  durationMs: number;
  /** Where it shows, at the bottom: a document's toast at the right (docs/screens.md "Notices and errors"). */
  horizontal: 'center' | 'right';
}

export interface ToastOptions {
  /** 'document': about an order, a letter or a template (its error stays longer). */
  topic?: NoticeTopic;
}

type Listener = () => void;

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function setQueue(next: readonly Toast[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

/** Queue a message; an identical one already waiting is not repeated (e.g. several 401 at once). */
export function showToast(
  message: string,
  severity: ToastSeverity = 'info',
  options: ToastOptions = {},
): void {
  if (queue.some((toast) => toast.message === message && toast.severity === severity)) return;
  const durationMs = noticeDurationMs({ severity, topic: options.topic });
  const horizontal = options.topic === 'document' ? 'right' : 'center';
  setQueue([...queue, { id: nextId++, message, severity, durationMs, horizontal }]);
}

export function dismissToast(id: number): void {
  setQueue(queue.filter((toast) => toast.id !== id));
}

export function clearToasts(): void {
  setQueue([]);
}

export function getToasts(): readonly Toast[] {
  return queue;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
